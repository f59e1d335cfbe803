import { BIO_MAX, type Gender, VERIFY_TEXTS } from '@parlor/contract';
import { type FormEvent, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { selectRequest } from '../../platform/requests';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { CheckIcon } from '../../ui/icons';
import { TextAreaField } from '../../ui/TextAreaField';
import { SelectField } from '../../ui/TextField';
import { selectUser } from '../auth/authSlice';
import { updateUser } from '../auth/authThunks';
import { pushPopup } from '../popups/popupsSlice';
import styles from './OnboardingPopups.module.css';

interface Props {
  active: boolean;
  close: () => void;
}

/** Shown after verification unless the username was just set; Continue leads to essential info. */
export function EmailVerifiedPopup({ active, close }: Props) {
  const dispatch = useAppDispatch();
  return (
    <Dialog
      title={VERIFY_TEXTS.emailVerifiedTitle}
      active={active}
      centered
      hero={<CheckIcon size={32} />}
      actions={
        <Button
          size="large"
          fullWidth
          onClick={() => {
            close();
            dispatch(pushPopup({ id: 'essential-info', kind: 'essentialInfo', props: {} }));
          }}
        >
          Continue
        </Button>
      }
    >
      <p>{VERIFY_TEXTS.emailVerifiedText}</p>
    </Dialog>
  );
}

/** The essential-info step of onboarding: gender and a short bio, both changeable later. */
export function EssentialInfoPopup({ active, close }: Props) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const saving = useAppSelector((s) => selectRequest(s, updateUser));
  const [gender, setGender] = useState<Gender | ''>(user?.gender ?? '');
  const [bio, setBio] = useState(user?.bio ?? '');
  const [error, setError] = useState<string | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const result = await dispatch(updateUser({ ...(gender && { gender }), bio: bio.trim() }));
    if (updateUser.fulfilled.match(result)) close();
    else setError(result.payload?.message ?? null);
  };

  return (
    <Dialog title={VERIFY_TEXTS.essentialTitle} active={active} onClose={close}>
      <form className={styles.form} onSubmit={save}>
        <p>A few details help creators and fans get to know you.</p>
        <SelectField
          label="Gender"
          name="gender"
          value={gender}
          onChange={(e) => setGender(e.target.value as Gender | '')}
        >
          <option value="">Prefer not to say</option>
          <option value="male">Male</option>
          <option value="female">Female</option>
          <option value="other">Other</option>
        </SelectField>
        <TextAreaField
          label="About you"
          value={bio}
          maxLength={BIO_MAX}
          rows={3}
          placeholder="Say hello in a sentence or two"
          onChange={(e) => setBio(e.target.value)}
        />
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={close}>
            Skip for now
          </Button>
          <Button type="submit" loading={saving.status === 'Fetching'}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
