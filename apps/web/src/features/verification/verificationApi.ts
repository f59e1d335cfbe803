import { ChangeVerifyEmailRequest, CodeSentResponse, VerifyEmailResponse } from '@parlor/contract';
import { api } from '../../app/api';

// Part 2 §7: the email verification calls. Each answer is checked against the contract.

export const verifyEmailCode = (code: string) =>
  api.post('/v1/users/verify-email', { code }, { schema: VerifyEmailResponse });

/** The spec sends the email data with web and react_flow. */
export const resendVerifyEmail = (email: string) =>
  api.post('/v1/users/resend-verify', { email, web: true, react_flow: true }, { schema: CodeSentResponse });

export const changeVerifyEmail = (email: string) =>
  api.post('/v1/users/change-verify-email', ChangeVerifyEmailRequest.parse({ email }), {
    schema: CodeSentResponse,
  });

/** Action mode: a fresh code to the account's address (answered masked). */
export const sendActionCode = () =>
  api.post('/v1/users/send-verification-code', undefined, { schema: CodeSentResponse });
