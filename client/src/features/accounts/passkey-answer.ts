// The browser's passkey answer as the body of the calls that check it (passkeyVerifySchema,
// passkeyRegisterSchema). @simplewebauthn/browser types its extension results as an interface, which
// TypeScript does not take for the schema's `Record<string, unknown>`; a copy of them is a plain
// object that it does. Nothing else changes: same keys, same order, same bytes.
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';

type Answer<R> = Omit<R, 'clientExtensionResults'> & { clientExtensionResults: Record<string, unknown> };

export function passkeyAnswer(response: AuthenticationResponseJSON): Answer<AuthenticationResponseJSON>;
export function passkeyAnswer(response: RegistrationResponseJSON): Answer<RegistrationResponseJSON>;
export function passkeyAnswer(response: AuthenticationResponseJSON | RegistrationResponseJSON) {
  return { ...response, clientExtensionResults: { ...response.clientExtensionResults } };
}
