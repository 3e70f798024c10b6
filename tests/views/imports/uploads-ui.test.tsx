/**
 * Uploads that belong to the portal (issue 28) and refusals in the user's words (issue 27): the drop
 * zone's buttons over hidden labelled inputs, a picture for each file as soon as it is picked, each
 * refusal code as a sentence in English and French next to its file, item errors in words.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { UnstampedEvent } from '../../../streams/core/event';
import { UPLOAD_REFUSALS, type UploadRefusal } from '../../../streams/imports/api';
import {
  filesAdded,
  itemsPageLoaded,
  itemsSearchRequested,
  jobLoaded,
  statusCountsLoaded,
  uploadFailed,
  uploadLoaded,
  uploadResolving,
  uploadStarted,
} from '../../../streams/imports/events';
import { uploadError } from '../../../streams/imports/upload-epics';
import { whoAmILoaded } from '../../../streams/session/events';
import { ImportPage } from '../../../src/imports/import-page';
import { appStarted } from '../../helpers/app-started';
import { renderWithStore } from '../../helpers/render';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const alice = whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true } });

const job = (items: ({ id: number } & Record<string, unknown>)[] = []): UnstampedEvent[] => [
  jobLoaded({
    jobId: '101',
    job: {
      id: 101,
      name: 'Autumn shoot',
      jobowner: { id: 1, name: 'Alice Martin' },
      created: '2026-10-01T09:00:00.000Z',
      modified: '2026-10-03T15:30:00.000Z',
      count: items.length,
    },
  }),
  itemsSearchRequested({ jobId: '101' }),
  itemsPageLoaded({ jobId: '101', reset: true, items, more: false }),
];

function openJob(events: UnstampedEvent[], locale = 'en', files = new Map<string, Blob>()) {
  return renderWithStore(
    <Router hook={memoryLocation({ path: '/imports/101' }).hook}>
      <Route path="/imports/:id" component={ImportPage} />
    </Router>,
    [appStarted({ locale }), alice, ...events],
    undefined,
    { files },
  );
}

/** A refusal as the demo server answers it, through the client's reading of it. */
const refused = (id: string, kind: UploadRefusal, message: string) => {
  const restCode = UPLOAD_REFUSALS[kind];
  return uploadFailed({
    id,
    jobId: '101',
    ...uploadError({
      code: `error.rest.${restCode}`,
      message,
      restCode,
      status: Number.parseInt(restCode, 10),
    }),
    error: { code: `error.rest.${restCode}`, message },
  });
};

describe('the drop zone', () => {
  it('offers the buttons "Add files" and "Add a folder" over hidden inputs labelled the same', () => {
    const { dispatched } = openJob(job());
    const input = screen.getByLabelText('Add files') as HTMLInputElement;
    const folder = screen.getByLabelText('Add a folder') as HTMLInputElement;
    for (const hidden of [input, folder]) {
      expect(hidden.type).toBe('file');
      expect(hidden.hidden).toBe(true);
    }
    expect(folder.hasAttribute('webkitdirectory')).toBe(true);
    const clicked = vi.spyOn(input, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Add files' }));
    expect(clicked).toHaveBeenCalledTimes(1);
    const folderClicked = vi.spyOn(folder, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Add a folder' }));
    expect(folderClicked).toHaveBeenCalledTimes(1);
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] } });
    expect(dispatched.some((event) => event.type === 'imports/filesAdded')).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Expand zip files' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Simultaneous uploads' })).toBeTruthy();
  });

  it('speaks French on a French page, and lights up while files are dragged over the page', () => {
    openJob(job(), 'fr');
    expect(screen.getByRole('button', { name: 'Ajouter des fichiers' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ajouter un dossier' })).toBeTruthy();
    expect(screen.getByLabelText('Ajouter des fichiers')).toBeTruthy();
    const page = screen.getByRole('heading', { name: 'Autumn shoot' }).closest('section') as HTMLElement;
    const zone = document.querySelector('.imports-drop') as HTMLElement;
    expect(zone.classList.contains('imports-drop--active')).toBe(false);
    fireEvent.dragOver(page, { dataTransfer: { types: ['Files'] } });
    expect(zone.classList.contains('imports-drop--active')).toBe(true);
    expect(zone.textContent).toContain('Déposez pour ajouter les fichiers à cet import');
  });
});

describe('a picture for each file as soon as it is picked', () => {
  it('a picture shows its own pixels (an object URL, revoked when its row goes); another file its type icon', () => {
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:http://localhost/one');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const files = new Map<string, Blob>([
      ['1_1', new File(['png'], 'one.png', { type: 'image/png' })],
      ['1_2', new File(['pdf'], 'brief.pdf', { type: 'application/pdf' })],
    ]);
    const { store } = openJob(
      [
        ...job(),
        filesAdded({
          jobId: '101',
          files: [
            { id: '1_1', name: 'one.png', size: 3, type: 'image/png' },
            { id: '1_2', name: 'brief.pdf', size: 3, type: 'application/pdf' },
          ],
        }),
        uploadResolving({ id: '1_1', limit: 3 }),
        uploadStarted({ id: '1_1' }),
      ],
      'en',
      files,
    );
    const one = screen.getByRole('listitem', { name: 'one.png' });
    expect(within(one).getByRole('img', { name: 'Preview of one.png' }).getAttribute('src')).toBe(
      'blob:http://localhost/one',
    );
    const brief = screen.getByRole('listitem', { name: 'brief.pdf' });
    expect(within(brief).queryByRole('img')).toBeNull();
    expect(brief.querySelector('.imports-file-icon--document')?.textContent).toBe('PDF');
    expect(revoked).not.toHaveBeenCalled();
    act(() => {
      store.dispatch(uploadLoaded({ id: '1_1', jobId: '101', item: null }));
    });
    expect(screen.queryByRole('listitem', { name: 'one.png' })).toBeNull();
    expect(revoked).toHaveBeenCalledWith('blob:http://localhost/one');
  });
});

const REFUSAL_WORDS: [UploadRefusal, string, string][] = [
  [
    'format',
    'This type of file is not accepted in this import.',
    'Ce type de fichier n’est pas accepté dans cet import.',
  ],
  ['damaged', 'This picture is incomplete or damaged', 'Cette image est incomplète ou abîmée'],
  [
    'tooLarge',
    'This file is larger than this import accepts.',
    'Ce fichier est plus gros que ce qu’accepte cet import.',
  ],
  ['tooManyPixels', 'This picture has too many pixels', 'Cette image a trop de pixels'],
  ['zipEntries', 'This zip holds too many files', 'Ce zip contient trop de fichiers'],
  ['zipTooLarge', 'Once expanded, this zip is larger', 'Une fois décompressé, ce zip dépasse'],
  ['zipBomb', 'This zip expands far more than a real archive', 'Ce zip se décompresse bien plus'],
  ['unreadableZip', 'This zip cannot be read', 'Ce zip est illisible'],
  ['zipTimeout', 'The archive took too long to expand', 'L’archive a mis trop de temps à se décompresser'],
];

describe('each refusal in the user’s words, next to its file', () => {
  for (const [locale, column] of [
    ['en', 1],
    ['fr', 2],
  ] as const) {
    it(`says every refusal code of the demo server as a sentence (${locale})`, () => {
      const names = REFUSAL_WORDS.map(([kind]) => `${kind}.bin`);
      openJob(
        [
          ...job(),
          filesAdded({
            jobId: '101',
            files: names.map((name, index) => ({ id: `1_${index}`, name, size: 1 })),
          }),
          ...REFUSAL_WORDS.map(([kind], index) =>
            refused(`1_${index}`, kind, `the server's words for ${kind}`),
          ),
        ],
        locale,
      );
      for (const [index, words] of REFUSAL_WORDS.entries()) {
        const row = screen.getByRole('listitem', { name: names[index] });
        const alert = within(row).getByRole('alert');
        const sentence = alert.querySelector('.error-message__text')?.textContent ?? '';
        expect(sentence).toContain(`${names[index]}: ${words[column]}`);
        // the code stays behind "Details", never in the sentence
        expect(sentence).not.toMatch(/\d{3}\/\d/);
      }
    });
  }

  it('a refusal without words of its own shows the server’s message', () => {
    openJob([
      ...job(),
      filesAdded({ jobId: '101', files: [{ id: '1_1', name: 'odd.bin', size: 1 }] }),
      uploadFailed({
        id: '1_1',
        jobId: '101',
        ...uploadError({ code: 'error.rest.400', message: 'The import is closed', restCode: '400' }),
        error: { code: 'error.rest.400', message: 'The import is closed' },
      }),
    ]);
    const row = screen.getByRole('listitem', { name: 'odd.bin' });
    expect(within(row).getByRole('alert').textContent).toContain('odd.bin: The import is closed');
  });
});

describe('the job header and the items', () => {
  it('says owner, created and last activity once, the counts by status as badges', () => {
    openJob([...job(), statusCountsLoaded({ jobId: '101', total: 5, counts: { '4': 3, '9': 2 } })]);
    const summary = screen.getByRole('region', { name: 'About this import' });
    const terms = [...summary.querySelectorAll('dt')].map((term) => term.textContent);
    expect(terms.filter((term) => term === 'Owner')).toHaveLength(1);
    expect(terms).toContain('Last activity');
    const badges = [...summary.querySelectorAll('.imports-badge')].map((badge) => badge.textContent);
    expect(badges).toEqual(['ready3', 'error2']);
  });

  it('an item’s error is said in words, the server’s message on hover', () => {
    openJob(
      job([
        {
          id: 7,
          name: 'notes.txt',
          $status: 9,
          error: { code: '400/9', message: 'The format of notes.txt is not accepted' },
        },
        {
          id: 8,
          name: 'blurry.jpg',
          $status: 9,
          error: { code: 'rejected', message: 'Rejected by Alice Martin' },
        },
      ]),
      'fr',
    );
    const notes = document.querySelector('[aria-label="notes.txt"] .imports-tile__error') as HTMLElement;
    expect(notes.textContent).toBe('Ce type de fichier n’est pas accepté dans cet import.');
    expect(notes.title).toBe('The format of notes.txt is not accepted');
    const blurry = document.querySelector('[aria-label="blurry.jpg"] .imports-tile__error') as HTMLElement;
    expect(blurry.textContent).toBe('Refusé dans le workflow.');
  });
});
