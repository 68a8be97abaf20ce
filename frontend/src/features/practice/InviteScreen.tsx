import { useLocation } from '../../shared/router/hooks';
import { useRegisterOptionsMutation, useRegisterVerifyMutation } from './api';
import { createPasskey, passkeysSupported } from './passkey';
import { PasskeyCeremony } from './PasskeyCeremony';
import { texts } from './texts';

/** /practice/invite#<token>: the invitation e-mail's link; the token stays in the fragment, which no server sees. */
export function InviteScreen() {
  const token = useLocation().hash.slice(1);
  const [options] = useRegisterOptionsMutation();
  const [verify] = useRegisterVerifyMutation();
  const register = async () => {
    const optionsJSON = await options({ token }).unwrap();
    await verify({ token, credential: await createPasskey(optionsJSON) }).unwrap();
  };
  return (
    <PasskeyCeremony
      title={texts.invite.title}
      intro={texts.invite.intro}
      problem={!token ? texts.invite.noToken : !passkeysSupported() ? texts.passkeyUnsupported : undefined}
      button={texts.invite.button}
      ceremony={register}
    />
  );
}
