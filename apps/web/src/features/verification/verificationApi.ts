import { ChangeVerifyEmailRequest, endpoints } from '@parlor/contract';
import { call } from '../../platform/api';

// The email verification calls. Each answer is checked against the contract.

export const verifyEmailCode = (code: string) => call(endpoints.verifyEmail, { body: { code } });

/** The spec sends the email data with web and react_flow. */
export const resendVerifyEmail = (email: string) =>
  call(endpoints.resendVerification, { body: { email, web: true, react_flow: true } });

export const changeVerifyEmail = (email: string) =>
  call(endpoints.changeVerifyEmail, { body: ChangeVerifyEmailRequest.parse({ email }) });

/** Action mode: a fresh code to the account's address (answered masked). */
export const sendActionCode = () => call(endpoints.sendActionCode);
