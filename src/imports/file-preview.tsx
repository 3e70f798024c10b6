import { useEffect, useState } from 'react';
import { usePortal } from '../app/store-context';
import { useTranslate } from '../i18n/use-translate';
import './messages';

/** Pictures every browser draws; other files (TIFF, HEIC, SVG, films…) show the icon of their type. */
const DRAWN = /^image\/(jpeg|png|gif|webp|avif|bmp)$/;

type Kind = 'image' | 'video' | 'audio' | 'document' | 'archive' | 'file';

const KINDS: [RegExp, Kind][] = [
  [/^image\//, 'image'],
  [/^video\//, 'video'],
  [/^audio\//, 'audio'],
  [/^application\/(pdf|msword|vnd\.)|^text\//, 'document'],
  [/^application\/(zip|x-zip|x-7z|x-rar|gzip|x-tar)/, 'archive'],
];

const EXTENSION_KINDS: Record<string, Kind> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  webp: 'image',
  tif: 'image',
  tiff: 'image',
  heic: 'image',
  mp4: 'video',
  mov: 'video',
  webm: 'video',
  mp3: 'audio',
  wav: 'audio',
  pdf: 'document',
  txt: 'document',
  docx: 'document',
  zip: 'archive',
};

const extensionOf = (name: string): string => /\.([a-z0-9]{1,5})$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/** What a file is, from its declared type, else its name: the icon's colour. */
function kindOf(type: string | null, name: string): Kind {
  const byType = type ? KINDS.find(([pattern]) => pattern.test(type))?.[1] : undefined;
  return byType ?? EXTENSION_KINDS[extensionOf(name)] ?? 'file';
}

/** A sheet with a folded corner and the file's extension, coloured by its kind; decorative. */
export function FileTypeIcon({ type, name }: { type: string | null; name: string }) {
  const label = (extensionOf(name) || 'file').toUpperCase();
  return (
    <svg
      className={`imports-file-icon imports-file-icon--${kindOf(type, name)}`}
      viewBox="0 0 40 48"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 2h22l10 10v34H4z" className="imports-file-icon__sheet" />
      <path d="M26 2v10h10" className="imports-file-icon__fold" />
      <text x="20" y="36" textAnchor="middle" className="imports-file-icon__label">
        {label}
      </text>
    </svg>
  );
}

/**
 * A chosen file as soon as it is picked: its own pixels for a picture (an object URL of the File,
 * revoked when the row goes), else the icon of its type. The File is read from the portal's files
 * (`deps.files`), where it waits for its upload.
 */
export function FilePreview({ id, name, type }: { id: string; name: string; type: string | null }) {
  const t = useTranslate();
  const files = usePortal().files;
  const [url, setUrl] = useState<string | null>(null);
  // a file named as a picture that does not decode shows its icon
  const [broken, setBroken] = useState(false);
  useEffect(() => {
    const blob = files?.get(id);
    if (!blob || !DRAWN.test(type ?? blob.type) || typeof URL.createObjectURL !== 'function') return;
    const address = URL.createObjectURL(blob);
    setUrl(address);
    return () => {
      URL.revokeObjectURL(address);
      setUrl(null);
    };
  }, [files, id, type]);
  return (
    <span className="imports-file-preview">
      {url && !broken ? (
        <img src={url} alt={t('imports.thumbnailOf', { name })} onError={() => setBroken(true)} />
      ) : (
        <FileTypeIcon type={type} name={name} />
      )}
    </span>
  );
}
