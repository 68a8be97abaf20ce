import { useSignInOptionsMutation, useSignInVerifyMutation } from './api';
import { passkeysSupported, signWithPasskey } from './passkey';
import { PasskeyCeremony } from './PasskeyCeremony';
import { texts } from './texts';

/** /practice/sign-in: a discoverable passkey, so nothing is typed (the passkey says who signs in). */
export function SignInScreen() {
  const [options] = useSignInOptionsMutation();
  const [verify] = useSignInVerifyMutation();
  const signIn = async () => {
    const optionsJSON = await options().unwrap();
    await verify({ credential: await signWithPasskey(optionsJSON) }).unwrap();
  };
  return (
    <PasskeyCeremony
      title={texts.signIn.title}
      intro={texts.signIn.intro}
      problem={passkeysSupported() ? undefined : texts.passkeyUnsupported}
      button={texts.signIn.button}
      ceremony={signIn}
    />
  );
}
