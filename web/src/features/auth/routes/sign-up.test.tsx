import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { confirmSignUp, resendSignUpCode, signUp } from 'aws-amplify/auth';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, createApiClient } from '@/lib/api/api-client';
import { toaster } from '@/lib/toaster';
import { withConfiguredApi } from '@/test/fake-api';
import { fakeSession, renderRoutes, testConfig } from '@/test/render';
import { CODE_SENT_TOAST } from '../auth-messages';
import { Component as SignUpPage, SIGN_UP_HEADING } from './sign-up';

vi.mock('aws-amplify/auth', () => ({
  signUp: vi.fn(),
  confirmSignUp: vi.fn(),
  resendSignUpCode: vi.fn(),
  fetchAuthSession: vi.fn(async () => ({ tokens: { accessToken: { toString: () => 'access-token' } } })),
}));

const signUpMock = vi.mocked(signUp);
const confirmMock = vi.mocked(confirmSignUp);
const resendMock = vi.mocked(resendSignUpCode);

/** The provider's answer to a sign-up: registered, the e-mailed code still to confirm. */
const confirmCodeStep = {
  isSignUpComplete: false,
  nextStep: { signUpStep: 'CONFIRM_SIGN_UP', codeDeliveryDetails: {} },
} as Awaited<ReturnType<typeof signUp>>;

const envelope = (payload: unknown, status = 200, error: string | null = null) =>
  new Response(JSON.stringify({ success: status < 400, payload, error }), { status });

const TICKET = 't'.repeat(43);

/** Installs an API client over a fake server: the allow-list answer, the sign-up ticket and the agency creation. */
function fakeApi({ allowed = true, create = (body: unknown) => envelope(body) } = {}) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    if (url.endsWith('/api/agency/signupaccess')) return envelope({ allowed });
    if (url.endsWith('/api/agency/signupticket')) {
      return envelope({ signUpTicket: TICKET, expiresAt: '2026-11-25T10:10:00.000Z' });
    }
    if (url.endsWith('/public/agency/create')) return create(JSON.parse(String(init?.body)));
    return envelope(null, 404, 'Not found');
  });
  configureApiClient(
    createApiClient({
      apiUrl: testConfig.apiUrl,
      auth: {
        getAccessToken: async () => 'access-token',
        refreshAccessToken: async () => 'access-token',
        onSessionLost: () => undefined,
      },
      onApiError: () => undefined,
      fetch: fetchMock,
    }),
  );
  return fetchMock;
}

function LoginProbe() {
  const state = useLocation().state as { userName?: string; notice?: string } | null;
  return <p>{`login page: ${state?.userName ?? '-'} / ${state?.notice ?? '-'}`}</p>;
}

const opsAdmin = () => fakeSession({ isAuthenticated: true, userName: 'ops-admin' });

const renderSignUp = (session = opsAdmin(), path = '/bgsignup') =>
  renderRoutes(
    [
      { path: '/bgsignup', element: withConfiguredApi(<SignUpPage />) },
      { path: '/', element: <LoginProbe /> },
    ],
    { path, session },
  );

async function fillForm(user: ReturnType<typeof userEvent.setup>, overrides: Record<string, string> = {}) {
  const values = {
    Username: 'NewOwner',
    Email: 'owner@northwind.test',
    'Company/Agency Name': 'Northwind Media',
    Password: 'Owner-pass-1',
    'Confirm Password': 'Owner-pass-1',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(label, { exact: true }), value);
  }
}

describe('Create account page', () => {
  beforeEach(() => {
    signUpMock.mockReset();
    confirmMock.mockReset();
    resendMock.mockReset();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows no form to a signed-out visitor, only the way to log in', async () => {
    // Prepare
    const fetchMock = fakeApi();

    // Act
    renderSignUp(fakeSession());

    // Assess
    expect(screen.getByRole('heading', { name: SIGN_UP_HEADING })).toBeInTheDocument();
    expect(SIGN_UP_HEADING).toBe('Join BidGrid');
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Already have an account? Log in' })).toHaveAttribute('href', '/');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows no form to a signed-in user the server does not allow', async () => {
    // Prepare
    fakeApi({ allowed: false });

    // Act
    renderSignUp(fakeSession({ isAuthenticated: true, userName: 'demo' }));

    // Assess
    expect(await screen.findByText(/is not on/)).toHaveTextContent('demo');
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
  });

  it('shows the form to an allow-listed user and validates on submit with the spec messages', async () => {
    // Prepare
    const user = userEvent.setup();
    fakeApi();
    renderSignUp();
    await screen.findByLabelText('Username');

    // Act: leaving a field does not validate (no validation on blur).
    await user.click(screen.getByLabelText('Email'));
    await user.tab();

    // Assess
    expect(screen.queryByText('Required field.')).not.toBeInTheDocument();

    // Act
    await fillForm(user, { Username: '', 'Company/Agency Name': '', Email: 'not-an-email', Password: 'short' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    // Assess
    expect(await screen.findAllByText('Required field.')).toHaveLength(2);
    expect(screen.getByText('Wrong format, enter valid email')).toBeInTheDocument();
    expect(screen.getByText('Password is too short - should be 8 chars minimum.')).toBeInTheDocument();

    // Act
    await user.clear(screen.getByLabelText('Email'));
    await user.clear(screen.getByLabelText('Password', { exact: true }));
    await fillForm(user, { 'Confirm Password': '', Password: 'Owner-pass-2' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    // Assess
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
    expect(signUpMock).not.toHaveBeenCalled();
  });

  it('gets a ticket for the user, registers it with the ticket, builds the agency as specified, toasts and moves on', async () => {
    // Prepare
    const user = userEvent.setup();
    const fetchMock = fakeApi();
    const toast = vi.spyOn(toaster, 'create');
    signUpMock.mockResolvedValue(confirmCodeStep);
    const { router } = renderSignUp();
    await screen.findByLabelText('Username');

    // Act
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    // Assess
    expect(await screen.findByLabelText('Confirmation Code')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?userName=newowner');
    const ticketCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/agency/signupticket'));
    expect(JSON.parse(String(ticketCall?.[1]?.body))).toEqual({ userName: 'newowner', email: 'owner@northwind.test' });
    expect(signUpMock).toHaveBeenCalledWith({
      username: 'newowner',
      password: 'Owner-pass-1',
      options: { userAttributes: { email: 'owner@northwind.test' }, clientMetadata: { signUpTicket: TICKET } },
    });
    const createCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/public/agency/create'));
    const body = JSON.parse(String(createCall?.[1]?.body)) as Record<string, unknown>;
    expect(body).toEqual({
      agencyId: expect.stringMatching(/^bgAgency-[0-9a-f-]{36}$/),
      createdBy: 'newowner',
      email: 'owner@northwind.test',
      name: 'Northwind Media',
      users: ['newowner'],
      signUpTicket: TICKET,
    });
    expect(new Headers(createCall?.[1]?.headers).get('Authorization')).toBe('Bearer access-token');
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'success', title: CODE_SENT_TOAST }));
  });

  it('shows a refusal with the sign-up prefix and clears it on edit', async () => {
    // Prepare
    const user = userEvent.setup();
    fakeApi();
    signUpMock.mockRejectedValue(new Error('User already exists'));
    renderSignUp();
    await screen.findByLabelText('Username');

    // Act
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    // Assess
    expect(await screen.findByRole('alert')).toHaveTextContent('There was an error logging in: User already exists');

    // Act
    await user.type(screen.getByLabelText('Email'), 'x');

    // Assess
    expect(screen.queryByText(/There was an error logging in/)).not.toBeInTheDocument();
  });

  it('shows the server refusing the agency after registration', async () => {
    // Prepare
    const user = userEvent.setup();
    fakeApi({ create: () => envelope(null, 409, 'The user "newowner" is already assigned to an agency.') });
    signUpMock.mockResolvedValue(confirmCodeStep);
    const { router } = renderSignUp();
    await screen.findByLabelText('Username');

    // Act
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    // Assess
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an error logging in: The user "newowner" is already assigned to an agency.',
    );
    expect(router.state.location.search).toBe('');
  });

  it('confirms the code, resends on request, then signs out the creator and opens sign-in for the new user', async () => {
    // Prepare
    const user = userEvent.setup();
    fakeApi();
    const toast = vi.spyOn(toaster, 'create');
    const session = opsAdmin();
    resendMock.mockResolvedValue({ destination: 'o***@northwind.test', deliveryMedium: 'EMAIL' });
    confirmMock.mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });
    const { router } = renderSignUp(session, '/bgsignup?userName=newowner');

    // Act
    await user.click(screen.getByRole('button', { name: 'Resend Code' }));

    // Assess
    await waitFor(() => expect(resendMock).toHaveBeenCalledWith({ username: 'newowner' }));
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: CODE_SENT_TOAST }));

    // Act
    await user.type(screen.getByLabelText('Confirmation Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm Account' }));
    await user.click(await screen.findByRole('button', { name: 'Log in as newowner' }));

    // Assess
    expect(confirmMock).toHaveBeenCalledWith({ username: 'newowner', confirmationCode: '123456' });
    expect(session.signOut).toHaveBeenCalledTimes(1);
    expect(
      await screen.findByText('login page: newowner / The account newowner is confirmed. Log in with its password.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows a wrong code with the error text', async () => {
    // Prepare
    const user = userEvent.setup();
    confirmMock.mockRejectedValue(new Error('Invalid verification code provided, please try again.'));
    renderSignUp(fakeSession(), '/bgsignup?userName=newowner');

    // Act
    await user.type(screen.getByLabelText('Confirmation Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm Account' }));

    // Assess
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an error: Invalid verification code provided, please try again.',
    );
  });

  it('says when the access check fails and asks again on retry', async () => {
    // Prepare
    const user = userEvent.setup();
    const fetchMock = fakeApi();
    fetchMock.mockResolvedValueOnce(envelope(null, 500, 'The service is unavailable.'));
    renderSignUp();

    // Act
    await user.click(await screen.findByRole('button', { name: 'Try again' }));

    // Assess
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
