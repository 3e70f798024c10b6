import { type FormEvent, useEffect, useId, useState } from 'react';
import { profilesRequested, requested } from '../../streams/downloads/events';
import { downloadIdOf, selectFollowed, selectProfiles } from '../../streams/downloads/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useCodeLabel } from '../i18n/code-labels';
import { useTranslate } from '../i18n/use-translate';
import { ModalDialog } from '../ui/modal-dialog';
import { DownloadRow } from './download-row';
import { SplitNotices } from './split-notices';
import './downloads.css';
import './messages';

/** The seed's defaults (seed 000 §3, protocol §23.2). */
const DEFAULT_PROFILE = 'originals';

function OptionCheckbox(props: {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  describedBy?: string;
}) {
  return (
    <label className="form__check">
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
        aria-describedby={props.describedBy}
      />
      {props.label}
    </label>
  );
}

interface DownloadDialogProps {
  /** the cart's id; for a shared cart, the share uuid (its password is in the session vault) */
  cartId: string;
  cartName: string;
  shareUuid?: string;
  /** some of the cart's items only, `{resource: [ids]}` (protocol §7.1); the whole cart when absent */
  selection?: Record<string, string[]>;
  onClose(): void;
}

/**
 * The "Download" dialog of UI-CONTRACT.md: profile, contact sheet, asset descriptions and e-mail,
 * then the progress of the download it started (which goes on after the dialog is closed).
 */
export function DownloadDialog({ cartId, cartName, shareUuid, selection, onClose }: DownloadDialogProps) {
  const t = useTranslate();
  const codeLabel = useCodeLabel();
  const dispatch = useDispatch();
  const target = shareUuid ?? cartId;
  const profiles = useAppState(selectProfiles);
  const formId = useId();
  const hintId = useId();
  // the download this dialog started: its request's id names it (and its parts after a split)
  const [started, setStarted] = useState<string | null>(null);
  const followed = useAppState(selectFollowed, started);
  const [profile, setProfile] = useState(DEFAULT_PROFILE);
  const [withContactSheet, setWithContactSheet] = useState(true);
  const [withAssetsDescriptions, setWithAssetsDescriptions] = useState(true);
  const [sendLinkByEmail, setSendLinkByEmail] = useState(false);

  const profilesLoaded = profiles.status === 'loaded';
  useEffect(() => {
    if (!profilesLoaded) dispatch(profilesRequested({}));
  }, [dispatch, profilesLoaded]);

  const codes =
    profiles.list.length > 0 ? profiles.list : [{ code: DEFAULT_PROFILE, label: DEFAULT_PROFILE }];

  const start = (event: FormEvent) => {
    event.preventDefault();
    const request = dispatch(
      requested({
        cartId: target,
        shared: shareUuid !== undefined,
        downloadName: cartName,
        profile,
        withContactSheet,
        withAssetsDescriptions,
        sendLinkByEmail,
        selection: selection ?? {},
      }),
    );
    if (request) setStarted(downloadIdOf(request, target));
  };

  return (
    <ModalDialog
      title={t('downloads.dialog.title')}
      onClose={onClose}
      className="download-dialog"
      footer={
        <div className="toolbar download-dialog__actions">
          {!started && (
            <button type="submit" form={formId} className="btn-primary">
              {t('downloads.dialog.start')}
            </button>
          )}
          <button type="button" onClick={onClose}>
            {t('downloads.dialog.close')}
          </button>
        </div>
      }
    >
      <p className="download-dialog__cart">{t('downloads.dialog.cart', { name: cartName })}</p>
      {started ? (
        <>
          <p role="status">{t('downloads.dialog.followUp')}</p>
          <SplitNotices origins={followed.flatMap((record) => record.part?.of ?? [])} />
          <ul className="download-list" tabIndex={-1} aria-label={t('downloads.list')}>
            {followed.map((record) => (
              <DownloadRow key={record.downloadId} record={record} />
            ))}
          </ul>
        </>
      ) : (
        <form className="form stack" onSubmit={start} id={formId}>
          <label className="form__field">
            <span>{t('downloads.dialog.profile')}</span>
            <select name="profile" value={profile} onChange={(event) => setProfile(event.target.value)}>
              {codes.map(({ code, label }) => (
                <option key={code} value={code}>
                  {codeLabel('zipProfile', code, label === code ? null : label)}
                </option>
              ))}
            </select>
          </label>
          {profiles.status === 'error' && (
            <p role="alert" className="download-row__notice">
              {t('downloads.dialog.profilesFailed')}
            </p>
          )}
          <OptionCheckbox
            label={t('downloads.dialog.contactSheet')}
            checked={withContactSheet}
            onChange={setWithContactSheet}
          />
          <OptionCheckbox
            label={t('downloads.dialog.descriptions')}
            checked={withAssetsDescriptions}
            onChange={setWithAssetsDescriptions}
          />
          <OptionCheckbox
            label={t('downloads.dialog.email')}
            checked={sendLinkByEmail}
            onChange={setSendLinkByEmail}
            describedBy={hintId}
          />
          <p id={hintId} className="form__hint">
            {t('downloads.dialog.emailHint')}
          </p>
        </form>
      )}
    </ModalDialog>
  );
}
