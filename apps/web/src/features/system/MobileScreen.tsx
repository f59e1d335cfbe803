import { PhoneIcon } from '../../ui/icons';
import { PrimaryLink, SystemPage } from './SystemPage';

/** /mobile: the spec names the screen without its content; it points people to the web app. */
export function MobileScreen() {
  return (
    <SystemPage
      icon={<PhoneIcon size={30} />}
      title="Open Parlor in your browser"
      actions={<PrimaryLink to="/">Go to Parlor</PrimaryLink>}
    >
      <p>Parlor runs right in your phone's browser. Add it to your home screen for an app-like experience.</p>
    </SystemPage>
  );
}
