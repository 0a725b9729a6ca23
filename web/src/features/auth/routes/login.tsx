import { Box, Heading } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { SignInOutcome } from '@/lib/auth/cognito';
import { useSession } from '@/lib/session/session-context';
import { LoginForm } from '../components/login-form';
import { NewPasswordForm } from '../components/new-password-form';

/** Login at / (spec 000 §2 "Login", §4, §5, §8). */
export function Component() {
  const [step, setStep] = useState<'credentials' | 'new-password'>('credentials');
  const session = useSession();
  const navigate = useNavigate();

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
        {step === 'credentials' ? <LoginForm onOutcome={onOutcome} /> : <NewPasswordForm onDone={enter} />}
      </Box>
    </Box>
  );
}
