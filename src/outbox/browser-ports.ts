import { fromEvent, map, merge, Observable } from 'rxjs';
import type { DurablePort, NetworkPort } from '../../streams/core/deps';

const DATABASE = 'dam-portal';
const STORE = 'outbox';

/** The portal's database, opened once per tab (created at the first use). */
function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** One request on the outbox's store, as an observable of its result. */
function run<T>(
  database: Promise<IDBDatabase>,
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest,
): Observable<T> {
  return new Observable<T>((subscriber) => {
    database.then(
      (db) => {
        const transaction = db.transaction(STORE, mode);
        const request = act(transaction.objectStore(STORE));
        // a write is kept once its transaction commits, not when its request succeeds
        transaction.oncomplete = () => {
          subscriber.next(request.result as T);
          subscriber.complete();
        };
        transaction.onerror = () => subscriber.error(transaction.error);
        transaction.onabort = () => subscriber.error(transaction.error);
      },
      (error: unknown) => subscriber.error(error),
    );
  });
}

/**
 * The durable records in IndexedDB, one object store keyed by prefix: the outbox's writes
 * (`outbox:<user>`) and what each user saw last (`cache:<surfer>`, issue 22). They survive a
 * reload and a closed tab (the
 * localStorage of the other records could do that too, but is not meant for a queue that grows
 * while the user works offline, and is lost to some browsers' storage pressure first).
 */
export function indexedDbPort(): DurablePort {
  let database: Promise<IDBDatabase> | null = null;
  const opened = () => {
    database ??= openDatabase();
    return database;
  };
  return {
    read: (key) => run<unknown>(opened(), 'readonly', (store) => store.get(key)),
    write: (key, value) =>
      run<undefined>(opened(), 'readwrite', (store) =>
        value === undefined ? store.delete(key) : store.put(value, key),
      ).pipe(map(() => undefined)),
  };
}

/** The window's `online` and `offline` events. */
export function browserNetwork(): NetworkPort {
  return {
    online$: merge(
      fromEvent(window, 'online').pipe(map(() => true)),
      fromEvent(window, 'offline').pipe(map(() => false)),
    ),
  };
}
