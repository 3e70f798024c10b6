import { type FormEvent, useEffect, useId, useState } from 'react';
import {
  shareDialogReset,
  shareOptionsRequested,
  shareRequested,
  sharesListRequested,
  shareRevokeRequested,
} from '../../streams/carts/share-events';
import { isAnswerLost } from '../../streams/core/reconcile';
import { selectShareActions, selectShareDialog, selectSharesOf } from '../../streams/carts/selectors';
import { SHARE_MODES, type ShareMode, shareModeSchema } from '../../streams/carts/model';
import { profilesRequested } from '../../streams/downloads/events';
import { selectProfiles } from '../../streams/downloads/selectors';
import { usePortal } from '../app/store-context';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useCodeLabel } from '../i18n/code-labels';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import { PendingWrite } from '../outbox/pending-write';
import { ModalDialog, SubmitOrCancel } from '../ui/modal-dialog';
import { ServerLink } from '../ui/server-link';
import './messages';

/** The address a share opens; the server puts the uuid in place of `{uuid}`. */
function shareLinkTemplate(): string {
  return `${window.location.origin}/share/{uuid}`;
}

function CopyField({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  const t = useTranslate();
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <div className="share-copy">
      <label htmlFor={id}>{label}</label>
      <input id={id} readOnly value={value} onFocus={(event) => event.target.select()} />
      <button
        type="button"
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(() => setCopied(true));
        }}
      >
        {copyLabel}
      </button>
      {copied && <span role="status">{t('share.copied')}</span>}
    </div>
  );
}

/**
 * "Share": as a link (actions chosen from the server's list, optional password issued by the
 * server, asset descriptions) or as a zip (a profile). The issued password is read from the
 * session vault and shown this once; it never goes through an event.
 */
export function ShareDialog({ cartId, onClose }: { cartId: string; onClose(): void }) {
  const t = useTranslate();
  const codeLabel = useCodeLabel();
  const dispatch = useDispatch();
  const { session } = usePortal();
  const actions = useAppState(selectShareActions);
  const profiles = useAppState(selectProfiles);
  const dialog = useAppState(selectShareDialog, cartId);
  const shares = useAppState(selectSharesOf, cartId);
  const [mode, setMode] = useState<'link' | 'zip'>('link');
  const [chosen, setChosen] = useState<string[]>(['view', 'download']);
  const [profile, setProfile] = useState('originals');
  const [description, setDescription] = useState('');
  const [expires, setExpires] = useState('');
  const [recipients, setRecipients] = useState('');
  const [askForPassword, setAskForPassword] = useState(false);
  const [withAssetsDescriptions, setWithAssetsDescriptions] = useState(true);
  /** '' sends the options body; a mode sends the mode variant of `shareCart` (seed 000 §7) */
  const [shareMode, setShareMode] = useState<ShareMode | ''>('');
  const ids = {
    description: useId(),
    expires: useId(),
    recipients: useId(),
    profile: useId(),
    shareMode: useId(),
  };

  useEffect(() => {
    dispatch(shareOptionsRequested({}));
    dispatch(profilesRequested({}));
    dispatch(sharesListRequested({ cartId, link: shareLinkTemplate() }));
    return () => {
      dispatch(shareDialogReset({ cartId }));
    };
  }, [dispatch, cartId]);

  const created = dialog?.status === 'loaded' ? dialog.created : null;
  const password = created?.hasPassword ? session?.sharePassword(created.uuid) : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    dispatch(
      shareRequested({
        cartId,
        mode,
        description,
        expires: expires ? new Date(`${expires}T23:59:59`).getTime() : null,
        actions: mode === 'link' ? chosen : [],
        collaborators: recipients
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
        askForPassword: mode === 'link' && askForPassword,
        withAssetsDescriptions,
        profile: mode === 'zip' ? profile : null,
        url: shareLinkTemplate(),
        ...(mode === 'link' && shareMode !== '' && { shareMode }),
      }),
    );
  }

  const optionsError = actions.error ?? profiles.error;
  return (
    <ModalDialog title={t('share.title')} onClose={onClose} className="share-dialog">
      {created ? (
        <div className="share-result">
          <CopyField label={t('share.link')} value={created.url} copyLabel={t('share.copyLink')} />
          {password && (
            <>
              <CopyField label={t('share.password')} value={password} copyLabel={t('share.copyPassword')} />
              <p>{t('share.passwordOnce')}</p>
            </>
          )}
          {/* found by the outbox's read after a lost answer: the issued password went with that answer */}
          {created.hasPassword && !password && <p role="status">{t('share.passwordLost')}</p>}
          <div className="cart-form__buttons">
            <button type="button" onClick={() => dispatch(shareDialogReset({ cartId }))}>
              {t('share.another')}
            </button>
            <button type="button" onClick={onClose}>
              {t('carts.close')}
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} className="cart-form">
          <fieldset>
            <legend>{t('share.mode')}</legend>
            <label>
              <input
                type="radio"
                name="share-mode"
                checked={mode === 'link'}
                onChange={() => setMode('link')}
              />
              {t('share.asLink')}
            </label>
            <label>
              <input
                type="radio"
                name="share-mode"
                checked={mode === 'zip'}
                onChange={() => setMode('zip')}
              />
              {t('share.asZip')}
            </label>
          </fieldset>
          {optionsError && (
            <ErrorMessage
              lead={t('share.optionsFailed')}
              error={optionsError}
              onRetry={() => {
                dispatch(shareOptionsRequested({}));
                dispatch(profilesRequested({}));
              }}
            />
          )}
          {mode === 'link' ? (
            <fieldset>
              <legend>{t('share.actions')}</legend>
              {actions.list.map((action) => (
                <label key={action.code}>
                  <input
                    type="checkbox"
                    checked={chosen.includes(action.code)}
                    onChange={(event) =>
                      setChosen(
                        event.target.checked
                          ? [...chosen, action.code]
                          : chosen.filter((code) => code !== action.code),
                      )
                    }
                  />
                  {codeLabel('shareAction', action.code, action.label)}
                </label>
              ))}
            </fieldset>
          ) : (
            <>
              <label htmlFor={ids.profile}>{t('share.profile')}</label>
              <select id={ids.profile} value={profile} onChange={(event) => setProfile(event.target.value)}>
                {profiles.list.map((option) => (
                  <option key={option.code} value={option.code}>
                    {codeLabel('zipProfile', option.code, option.label)}
                  </option>
                ))}
              </select>
            </>
          )}
          <label htmlFor={ids.description}>{t('share.description')}</label>
          <textarea
            id={ids.description}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
          <label htmlFor={ids.expires}>{t('share.expires')}</label>
          <input
            id={ids.expires}
            type="date"
            value={expires}
            onChange={(event) => setExpires(event.target.value)}
          />
          <label htmlFor={ids.recipients}>{t('share.recipients')}</label>
          <input
            id={ids.recipients}
            value={recipients}
            onChange={(event) => setRecipients(event.target.value)}
          />
          {mode === 'link' && (
            <>
              <label htmlFor={ids.shareMode}>{t('share.shareMode')}</label>
              <select
                id={ids.shareMode}
                value={shareMode}
                onChange={(event) => {
                  const chosenMode = shareModeSchema.safeParse(event.target.value);
                  setShareMode(chosenMode.success ? chosenMode.data : '');
                }}
              >
                <option value="">{t('share.shareMode.options')}</option>
                {SHARE_MODES.map((option) => (
                  <option key={option} value={option}>
                    {t(`share.shareMode.${option}`)}
                  </option>
                ))}
              </select>
            </>
          )}
          {mode === 'link' && shareMode === '' && (
            <>
              <label className="cart-form__check">
                <input
                  type="checkbox"
                  checked={askForPassword}
                  onChange={(event) => setAskForPassword(event.target.checked)}
                />
                {t('share.askForPassword')}
              </label>
              <label className="cart-form__check">
                <input
                  type="checkbox"
                  checked={withAssetsDescriptions}
                  onChange={(event) => setWithAssetsDescriptions(event.target.checked)}
                />
                {t('share.withAssetsDescriptions')}
              </label>
            </>
          )}
          {dialog?.status === 'error' && dialog.error && (
            // kept by the outbox: it goes again (read first) when the network is back
            <PendingWrite requestId={dialog.requestId}>
              {/* no answer: the server may have made a link whose password nobody will ever see */}
              <ErrorMessage
                lead={isAnswerLost(dialog.error) ? t('share.answerLost') : t('share.failed')}
                error={dialog.error}
              />
            </PendingWrite>
          )}
          {dialog?.status === 'fetching' && <p role="status">{t('share.creating')}</p>}
          <SubmitOrCancel
            submit={
              dialog?.error && isAnswerLost(dialog.error) ? t('share.createNew') : t('share.createLink')
            }
            cancel={t('carts.cancel')}
            onCancel={onClose}
            disabled={dialog?.status === 'fetching'}
            className="cart-form__buttons"
          />
        </form>
      )}
      {shares?.status === 'error' && shares.error && (
        <section className="share-links">
          <h3>{t('share.myLinks')}</h3>
          <ErrorMessage
            role="status"
            lead={t('share.linksFailed')}
            error={shares.error}
            onRetry={() => dispatch(sharesListRequested({ cartId, link: shareLinkTemplate() }))}
          />
        </section>
      )}
      {shares && shares.status !== 'error' && shares.status !== 'not_found' && (
        <section className="share-links">
          <h3>{t('share.myLinks')}</h3>
          {shares.list.length === 0 ? (
            <p>{t('share.noLinks')}</p>
          ) : (
            <ul>
              {shares.list.map((share) => (
                <li key={share.uuid}>
                  <ServerLink href={share.url}>{share.url}</ServerLink>
                  {share.hasPassword && ` (${t('share.withPassword')})`}
                  {share.description && ` — ${share.description}`}{' '}
                  <button
                    type="button"
                    onClick={() => dispatch(shareRevokeRequested({ cartId, uuid: share.uuid }))}
                  >
                    {t('share.revoke')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {shares.error && (
            // kept by the outbox when it could not reach the server: it goes again when back
            <PendingWrite requestId={shares.revokeRequestId}>
              <ErrorMessage role="status" lead={t('share.revokeFailed')} error={shares.error} />
            </PendingWrite>
          )}
        </section>
      )}
    </ModalDialog>
  );
}
