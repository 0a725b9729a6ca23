// Code inside page.evaluate runs in the browser: its DOM globals need the DOM types.
/// <reference lib="dom" />
import { agency } from '@bidgrid/shared';
import type { Page } from '@playwright/test';
import { accessTokenFor, callOperation, DEMO_PASSWORD } from '../support/api';
import {
  createAgencyFor,
  createConfirmedUser,
  createUserWithTemporaryPassword,
  storedConfirmationCode,
  uniqueUserName,
} from '../support/cognito-local';
import { expiredCopy } from '../support/jwt';
import { expect, expectAccessible, readWhenReady, signIn, test } from './fixtures';

const DASHBOARD_HEADING = 'The only B2B advertising platform that scales from entry-level SMB to Enterprise.';

/** The stored access token of the user signed in last (Amplify's keys), once there. */
async function storedAccessToken(
  page: Page,
  userPoolClientId: string,
): Promise<{ user: string; key: string; token: string }> {
  const prefix = `CognitoIdentityServiceProvider.${userPoolClientId}`;
  const user = await readWhenReady(
    () => page.evaluate((p) => localStorage.getItem(`${p}.LastAuthUser`), prefix),
    'the signed-in user in storage',
  );
  const key = `${prefix}.${user}.accessToken`;
  const token = await readWhenReady(() => page.evaluate((k) => localStorage.getItem(k), key), 'the access token');
  return { user, key, token };
}

/** The ACCESS_TOKEN cookie the app mirrors the access token in, or undefined. */
async function accessTokenCookie(page: Page): Promise<string | undefined> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'ACCESS_TOKEN');
  return cookie ? decodeURIComponent(cookie.value) : undefined;
}

/** Waits until the local pool holds a code for the user that differs from `previous`, and returns it. */
async function nextCode(username: string, previous: string | null = null): Promise<string> {
  await expect
    .poll(() => {
      const code = storedConfirmationCode(username);
      return code !== null && code !== previous;
    })
    .toBe(true);
  return storedConfirmationCode(username) as string;
}

test.describe('sign-in', () => {
  test('demo signs in, lands on the dashboard and the access token is mirrored in the cookie', async ({
    page,
    stack,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/request-password-reset',
    );
    await expectAccessible(page);

    await signIn(page, 'demo');

    await expect(page.getByRole('heading', { name: DASHBOARD_HEADING })).toBeVisible();
    const { token } = await storedAccessToken(page, stack.userPoolClientId);
    await expect.poll(() => accessTokenCookie(page)).toBe(token);
  });

  test('a wrong password shows the provider message, and typing clears it', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Username').fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();

    const message = page.getByText('There was an error logging in: Incorrect username or password.');
    await expect(message).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue('');
    await expectAccessible(page);

    await page.getByLabel('Username').pressSequentially('d');
    await expect(message).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a user created with a temporary password chooses a new one and signs in', async ({ page }) => {
    const username = uniqueUserName('e2e-temp');
    await createUserWithTemporaryPassword(username, 'Temporary-pass-1');
    await createAgencyFor(username);

    await page.goto('/');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('Temporary-pass-1');
    await page.getByRole('button', { name: 'Log in' }).click();

    await expect(page.getByLabel('New Password', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('New Password', { exact: true }).fill('Chosen-pass-1');
    await page.getByLabel('Confirm New Password').fill('Chosen-pass-2');
    await page.getByRole('button', { name: 'Confirm and Log In' }).click();
    await expect(page.getByText('Passwords Must Match')).toBeVisible();

    await page.getByLabel('Confirm New Password').fill('Chosen-pass-1');
    await page.getByRole('button', { name: 'Confirm and Log In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: DASHBOARD_HEADING })).toBeVisible();

    // The new password is the password now.
    expect(await accessTokenFor(username, 'Chosen-pass-1')).toBeTruthy();
  });
});

test.describe('password reset', () => {
  test('forgot password: request a code, set a new password with it, and sign in', async ({ page }) => {
    const username = uniqueUserName('e2e-reset');
    await createConfirmedUser(username, 'Original-pass-1');
    await createAgencyFor(username);

    await page.goto('/');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(page).toHaveURL(/\/request-password-reset$/);
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Username').fill(username);
    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(page).toHaveURL(new RegExp(`/request-password-reset\\?userName=${username}$`));
    const code = await nextCode(username);
    await expectAccessible(page);

    // A wrong code is refused with the spec's wording and the message clears on edit.
    await page.getByLabel('Confirmation Code', { exact: true }).fill('000000');
    await page.getByLabel('New Password', { exact: true }).fill('Renewed-pass-1');
    await page.getByLabel('Confirm New Password').fill('Renewed-pass-1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'There was an error:' });
    await expect(refusal).toBeVisible();
    await page.getByLabel('Confirmation Code', { exact: true }).fill(code);
    await expect(refusal).toBeHidden();

    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page).toHaveURL(/\/$/);
    // Filtered, not the page's only status: a loading placeholder is a status too (strict mode fails at once).
    await expect(page.getByRole('status').filter({ hasText: 'Your password has been reset.' })).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue(username);
    await page.getByLabel('Password', { exact: true }).fill('Renewed-pass-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('create account', () => {
  test('ops-admin creates an account; the new user confirms the code and signs in to the new agency', async ({
    page,
  }) => {
    const suffix = uniqueUserName('Owner');
    const typedName = `E2E-${suffix}`;
    const username = typedName.toLowerCase();
    await signIn(page, 'ops-admin');

    await page.goto('/bgsignup');
    await expect(page.getByRole('heading', { name: 'Join BidGrid' })).toBeVisible();
    await expect(page.getByLabel('Username')).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Username').fill(typedName);
    await page.getByLabel('Email').fill(`${username}@northwind.example`);
    await page.getByLabel('Company/Agency Name').fill(`Northwind ${suffix}`);
    await page.getByLabel('Password', { exact: true }).fill('Owner-pass-1');
    await page.getByLabel('Confirm Password').fill('Owner-pass-1');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page.getByText('Confirmation code was successfully sent to your email!')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/bgsignup\\?userName=${username}$`));
    const firstCode = await nextCode(username);
    await expectAccessible(page);

    // Resend: a fresh code replaces the first one.
    await page.getByRole('button', { name: 'Resend Code' }).click();
    const secondCode = await nextCode(username, firstCode);

    await page.getByLabel('Confirmation Code', { exact: true }).fill(secondCode);
    await page.getByRole('button', { name: 'Confirm Account' }).click();
    await expect(page.getByText(`The account ${username} is confirmed.`)).toBeVisible();
    await page.getByRole('button', { name: `Log in as ${username}` }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByLabel('Username')).toHaveValue(username);
    await page.getByLabel('Password', { exact: true }).fill('Owner-pass-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: DASHBOARD_HEADING })).toBeVisible();

    // The agency is built as spec 000 §3 says.
    const reply = await callOperation(agency.getAgencyAssignedToUser, {
      token: await accessTokenFor(username, 'Owner-pass-1'),
      params: { username },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.payload).toMatchObject({
      agencyId: expect.stringMatching(/^bgAgency-/),
      name: `Northwind ${suffix}`,
      email: `${username}@northwind.example`,
      createdBy: username,
      users: [username],
    });
  });

  test('a user outside the allow-list sees no form, and the API refuses the agency', async ({ page }) => {
    await signIn(page, 'demo');
    await page.goto('/bgsignup');
    await expect(page.getByText('is not on it')).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Create Account' })).toHaveCount(0);
    await expectAccessible(page);

    const username = uniqueUserName('e2e-refused');
    const token = await accessTokenFor('demo');
    const ticket = await callOperation(agency.issueSignUpTicket, {
      token,
      body: { userName: username, email: `${username}@example.com` },
    });
    expect(ticket.status).toBe(403);
    expect(ticket.body).toMatchObject({ success: false, error: 'You are not allowed to create agencies.' });
    const reply = await callOperation(agency.createAgency, {
      token,
      body: {
        agencyId: 'bgAgency-e2e-refused',
        name: 'Not Allowed',
        email: `${username}@example.com`,
        createdBy: username,
        users: [username],
        signUpTicket: 'x'.repeat(43),
      },
    });
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ success: false, error: 'You are not allowed to create agencies.' });
  });

  test('a signed-out visitor sees no form, only the way to log in', async ({ page }) => {
    await page.goto('/bgsignup');
    await expect(page.getByRole('link', { name: 'Already have an account? Log in' })).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe('session', () => {
  test('an expired access token is refreshed once and the request retried', async ({ page, stack }) => {
    await signIn(page, 'demo');
    const prefix = `CognitoIdentityServiceProvider.${stack.userPoolClientId}`;
    const { user, key: tokenKey, token: valid } = await storedAccessToken(page, stack.userPoolClientId);
    const expired = expiredCopy(valid);

    // Store an expired copy, and a clock drift that makes Amplify believe it is still fresh (a client clock
    // two hours behind): only the API can tell it expired, which is the path under test.
    await page.evaluate(
      ({ key, token, driftKey }) => {
        localStorage.setItem(key, token);
        localStorage.setItem(driftKey, String(-2 * 60 * 60 * 1000));
      },
      { key: tokenKey, token: expired, driftKey: `${prefix}.${user}.clockDrift` },
    );
    const agencyReplies: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/agency/agencyassignedtouser/')) agencyReplies.push(response.status());
    });

    await page.reload();

    await expect(page.getByRole('heading', { name: DASHBOARD_HEADING })).toBeVisible();
    await expect.poll(() => agencyReplies).toEqual([401, 200]);
    // The renewed token is stored and mirrored in the cookie, polled as both are written after the reply.
    await expect
      .poll(async () => {
        const renewed = await page.evaluate((key) => localStorage.getItem(key), tokenKey);
        const cookie = await accessTokenCookie(page);
        return { stored: renewed !== null && renewed !== expired, mirrored: cookie === renewed };
      })
      .toEqual({ stored: true, mirrored: true });
  });

  test('a failed refresh signs out cleanly', async ({ page, stack }) => {
    await signIn(page, 'demo');
    const prefix = `CognitoIdentityServiceProvider.${stack.userPoolClientId}`;
    const { user, token: valid } = await storedAccessToken(page, stack.userPoolClientId);
    await page.evaluate(
      ({ p, u, token }) => {
        localStorage.setItem(`${p}.${u}.accessToken`, token);
        localStorage.setItem(`${p}.${u}.clockDrift`, String(-2 * 60 * 60 * 1000));
        localStorage.setItem(`${p}.${u}.refreshToken`, 'a-refresh-token-the-pool-never-issued');
      },
      { p: prefix, u: user, token: expiredCopy(valid) },
    );

    await page.reload();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect.poll(() => accessTokenCookie(page)).toBeUndefined();
    await expect
      .poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('accessToken'))))
      .toEqual([]);
  });

  test('guards: signed-out visitors go to sign-in, signed-in users skip the public pages', async ({ page }) => {
    for (const path of ['/dashboard', '/advertisers', '/campaigns/create/custom']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    }

    await signIn(page, 'demo');
    for (const path of ['/', '/request-password-reset', '/request-password-reset?userName=demo']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
    // DEMO_PASSWORD still works: nothing above changed the demo user.
    expect(await accessTokenFor('demo', DEMO_PASSWORD)).toBeTruthy();
  });
});
