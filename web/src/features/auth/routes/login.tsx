import { Box, Heading, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { SignInOutcome } from '@/lib/auth/cognito';
import { useSession } from '@/lib/session/session-context';
import { LoginForm } from '../components/login-form';
import { NewPasswordForm } from '../components/new-password-form';
import { readLoginState } from '../login-state';

/** Login at / (spec 000 §2 "Login", §4, §5, §8). */
export function Component() {
  const [step, setStep] = useState<'credentials' | 'new-password'>('credentials');
  const session = useSession();
  const navigate = useNavigate();
  const { userName, notice } = readLoginState(useLocation().state);

  const enter = async (): Promise<void> => {
    await session.refresh();
    navigate(paths.dashboard.getHref(), { replace: true });
  };
  const onOutcome = async (outcome: SignInOutcome): Promise<void> => {
    if (outcome === 'new-password-required') setStep('new-password');
    else await enter();
  };

  return (
    <Box maxW="md" mx="auto" py={{ base: '6', md: '12' }}>
      <Box borderWidth="1px" rounded="l3" bg="bg.panel" boxShadow="sm" p={{ base: '6', md: '8' }}>
        <Heading as="h1" size="2xl" textAlign="center" mb="6">
          Welcome Back
        </Heading>
        {notice && step === 'credentials' ? (
          <Text role="status" mb="4" p="3" rounded="l2" bg="green.50" color="fg.success" fontWeight="medium">
            {notice}
          </Text>
        ) : null}
        {step === 'credentials' ? (
          // Keyed by the handed-over name, so a new hand-over refills the form.
          <LoginForm key={userName ?? ''} onOutcome={onOutcome} initialUserName={userName} />
        ) : (
          <NewPasswordForm onDone={enter} />
        )}
      </Box>
    </Box>
  );
}
