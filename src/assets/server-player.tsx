import { useEffect, useRef } from 'react';
import * as z from 'zod/mini';
import { selectApiPath } from '../../streams/app/selectors';
import {
  actionChosen,
  actionsListed,
  frameClosed,
  frameLoaded,
  frameOpened,
} from '../../streams/players/events';
import {
  playerFrameUrl,
  selectPlayerActions,
  selectPlayerChosenAction,
  selectPlayerFrame,
} from '../../streams/players/selectors';
import { selectIsWatermarked } from '../../streams/session/identity-selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import './messages';

/** The frame's message of protocol §13.2 [conv]: `{"listActions":[{"action":"download"},…]}`. */
const listActionsSchema = z.object({
  listActions: z.array(z.looseObject({ action: z.string() })),
});

const ACTION_LABELS = {
  play: 'assets.playerPlay',
  pause: 'assets.playerPause',
  download: 'assets.playerDownload',
} as const;

/** The words of a listed action: the portal's for those it knows, the player's name otherwise. */
function useActionLabel(): (action: string) => string {
  const t = useTranslate();
  return (action) =>
    action in ACTION_LABELS ? t(ACTION_LABELS[action as keyof typeof ACTION_LABELS]) : action;
}

/**
 * The server's player of an asset in a sandboxed frame (protocol §13.1 player iframe). It stays
 * hidden while it loads, with "Loading the player…" only past the loading delay, and shows once the
 * display delay after its load has passed (the players epic times both). The actions its
 * `listActions` message offers become buttons that post the action back to the frame.
 */
export function ServerPlayer({ resource, id }: { resource: string; id: string }) {
  const t = useTranslate();
  const label = useActionLabel();
  const dispatch = useDispatch();
  const apiPath = useAppState(selectApiPath);
  const watermarked = useAppState(selectIsWatermarked);
  const phase = useAppState(selectPlayerFrame, resource, id);
  const actions = useAppState(selectPlayerActions, resource, id);
  const chosen = useAppState(selectPlayerChosenAction, resource, id);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    dispatch(frameOpened({ resource, id }));
    return () => {
      dispatch(frameClosed({ resource, id }));
    };
  }, [dispatch, resource, id]);

  // the player frame lists its actions by a message: only from that frame and the server's origin
  useEffect(() => {
    const serverOrigin = new URL(apiPath, window.location.href).origin;
    const onMessage = (event: MessageEvent) => {
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      // the sandbox gives the frame an opaque origin ("null"); the server's own is accepted too
      if (event.origin !== 'null' && event.origin !== serverOrigin) return;
      const parsed = listActionsSchema.safeParse(event.data);
      if (!parsed.success) return;
      dispatch(
        actionsListed({
          resource,
          id,
          actions: parsed.data.listActions.map(({ action }) => ({ action })),
        }),
      );
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [dispatch, apiPath, resource, id]);

  const press = (action: string) => {
    dispatch(actionChosen({ resource, id, action }));
    // the sandboxed frame's origin is opaque: '*' is the only target that reaches it
    frame.current?.contentWindow?.postMessage({ action }, '*');
  };

  const shown = phase === 'shown';
  return (
    <>
      <iframe
        ref={frame}
        className="asset-video__frame"
        title={t('assets.serverPlayer')}
        // hidden until the display delay has passed: the page never shows a half-drawn player
        style={shown ? undefined : { visibility: 'hidden' }}
        aria-hidden={shown ? undefined : true}
        src={playerFrameUrl(apiPath, null, resource, id, {
          width: '100%',
          height: '100%',
          // the frame loads its media itself: a watermarked viewer's player shows the _w ones
          ...(watermarked ? { watermarked: true } : {}),
        })}
        onLoad={() => dispatch(frameLoaded({ resource, id }))}
        // scripts run (it is a player) but in an opaque origin: no access to the portal's storage
        sandbox="allow-scripts allow-downloads"
        referrerPolicy="no-referrer"
        allow="fullscreen"
      />
      {phase === 'loading' && (
        <p role="status" className="asset-video__loading">
          {t('assets.playerLoading')}
        </p>
      )}
      {shown && actions.length > 0 && (
        // biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form's fieldset
        <div role="group" aria-label={t('assets.playerActions')} className="asset-video__actions">
          {actions.map(({ action }) => (
            <button key={action} type="button" onClick={() => press(action)}>
              {label(action)}
            </button>
          ))}
        </div>
      )}
      {shown && chosen && (
        <p role="status" className="asset-video__chosen">
          {t('assets.playerActionSent', { action: label(chosen) })}
        </p>
      )}
    </>
  );
}
