import { type FanList, type FanListKind, LIST_MESSAGES, LIST_NAME_MAX } from '@parlor/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAppDispatch } from '../../platform/hooks';
import { Button, buttonClass } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { FormAlert } from '../../ui/FormAlert';
import { PageHeader } from '../../ui/PageHeader';
import { RadioGroup } from '../../ui/RadioGroup';
import { TextField } from '../../ui/TextField';
import { showToast } from '../../ui/toasts';
import { useGuardedNavigate } from '../account-states/useGuardedNavigate';
import styles from './ListsScreen.module.css';
import { fansCount, formOfRule, type RuleField, ruleOfForm } from './listRules';
import { createList, updateList } from './listsThunks';
import { RuleFields } from './RuleFields';

export const LISTS_PATH = '/lists';

const KINDS = [
  { value: 'custom', label: 'Custom', description: 'You choose who is on it.' },
  { value: 'smart', label: 'Smart', description: 'Fans who match your rules, kept up to date.' },
] as const;

/**
 * /lists/new and /lists/{id}: a list's name and, for a smart list, its rules. A new list picks its
 * kind; an existing one keeps it. The server's refusals show where they belong (a taken name under
 * the name).
 */
export function ListEditor({ list, kind: startKind }: { list?: FanList | undefined; kind?: FanListKind }) {
  const dispatch = useAppDispatch();
  const navigate = useGuardedNavigate();
  const [name, setName] = useState(list?.name ?? '');
  const [kind, setKind] = useState<FanListKind>(list?.kind ?? startKind ?? 'custom');
  const [form, setForm] = useState(() => formOfRule(list?.rule ?? null));
  const [nameError, setNameError] = useState<string | null>(null);
  const [ruleErrors, setRuleErrors] = useState<Partial<Record<RuleField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const trimmed = name.trim();
    setNameError(trimmed ? null : LIST_MESSAGES.nameRequired);
    const rule = kind === 'smart' ? ruleOfForm(form) : null;
    setRuleErrors(rule && !rule.ok ? rule.errors : {});
    if (!trimmed || (rule && !rule.ok)) return;
    const chosen = rule?.ok ? rule.rule : null;
    setBusy(true);
    const result = list
      ? await dispatch(
          updateList({
            id: list._id,
            body: {
              ...(trimmed !== list.name ? { name: trimmed } : {}),
              ...(chosen && JSON.stringify(chosen) !== JSON.stringify(list.rule) ? { rule: chosen } : {}),
            },
          }),
        )
      : await dispatch(createList({ name: trimmed, kind, rule: chosen }));
    setBusy(false);
    if (result.meta.requestStatus === 'fulfilled') {
      showToast(list ? 'List saved.' : `List “${trimmed}” created.`);
      navigate(LISTS_PATH);
      return;
    }
    const error = result.payload as { message: string; field?: string } | undefined;
    if (error?.field === 'name') setNameError(error.message);
    else setFailure(error?.message ?? 'Something went wrong. Please try again later.');
  };

  return (
    <div className={styles.screen}>
      <Link to={LISTS_PATH} className={styles.back}>
        ← Lists
      </Link>
      <PageHeader
        title={list ? 'Edit list' : 'New list'}
        {...(list
          ? { subtitle: `${list.kind === 'smart' ? 'Smart list' : 'Custom list'} · ${fansCount(list.count)}` }
          : {})}
      />
      <Card as="form" roomy aria-label={list ? `Edit ${list.name}` : 'New list'} onSubmit={save} noValidate>
        <TextField
          label="Name"
          value={name}
          maxLength={LIST_NAME_MAX}
          placeholder="Spent 50+ this month"
          error={nameError ?? undefined}
          onChange={(e) => {
            setName(e.target.value);
            setNameError(null);
          }}
          required
        />
        {!list && (
          <RadioGroup legend="Kind" name="list-kind" value={kind} options={KINDS} onChange={setKind} />
        )}
        {kind === 'smart' ? (
          <RuleFields form={form} onChange={setForm} errors={ruleErrors} disabled={busy} />
        ) : (
          <p className={styles.muted}>
            Add fans from your inbox (select chats, then Add to list) or from a conversation’s Lists menu.
          </p>
        )}
        <FormAlert message={failure} />
        <div className={styles.formActions}>
          <Link to={LISTS_PATH} className={buttonClass('secondary')}>
            Cancel
          </Link>
          <Button type="submit" loading={busy}>
            {list ? 'Save list' : 'Create list'}
          </Button>
        </div>
      </Card>
    </div>
  );
}
