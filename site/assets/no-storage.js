// For a page that may not keep anything (storage blocked for the site, an iframe on another
// site where third-party storage is blocked, as in private windows; a sandboxed iframe; an
// iframe inside an about:blank page): PyScript opens an IndexedDB database (its package
// cache) before it starts Python and cannot start without one, so its databases ("IDBMap/..."),
// and only those, get a memory-only stand-in. This site installs no packages: that cache stays
// empty anyway. Any other database of the page is left to the browser. localStorage says at
// once whether storage is allowed; the answer is window.ndStorageDenied.
// Run before PyScript: by the game pages as a classic script, by embed.js before it starts.
"use strict";
(() => {
  if (window.ndStorageDenied !== undefined) return; // loaded twice
  const denied = (() => {
    try {
      return !window.localStorage || !window.indexedDB;
    } catch {
      return true;
    }
  })();
  window.ndStorageDenied = denied;
  if (!denied) return;
  let real = null;
  try {
    real = window.indexedDB || null;
  } catch {
    real = null; // an opaque origin: even reading it throws
  }
  const memory = memoryIndexedDB();
  const factory = real
    ? new Proxy(real, {
        get(target, name) {
          if (name === "open") {
            return (db, ...rest) => (String(db).startsWith("IDBMap/") ? memory : target).open(db, ...rest);
          }
          const value = Reflect.get(target, name);
          return typeof value === "function" ? value.bind(target) : value;
        },
      })
    : memory;
  Object.defineProperty(window, "indexedDB", { value: factory, configurable: true });

  /** The part of IndexedDB that PyScript's key-value store uses, kept in memory. */
  function memoryIndexedDB() {
    const databases = new Map(); // name -> Map(store name -> Map(key -> value))
    const answer = (request, result) => {
      setTimeout(() => {
        request.result = result;
        request.readyState = "done";
        request.onsuccess?.({ type: "success", target: request });
      });
      return request;
    };
    const clone = (value) => (value === undefined ? value : structuredClone(value));
    const objectStore = (records) => ({
      count: () => answer({}, records.size),
      clear: () => answer({}, void records.clear()),
      delete: (key) => answer({}, void records.delete(key)),
      get: (key) => answer({}, clone(records.get(key))),
      getKey: (key) => answer({}, records.has(key) ? key : undefined),
      getAllKeys: () => answer({}, [...records.keys()]),
      put: (value, key) => answer({}, (records.set(key, clone(value)), key)),
    });
    const database = (name, stores) => ({
      name,
      version: 1,
      objectStoreNames: { get length() { return stores.size; }, contains: (n) => stores.has(n) },
      createObjectStore(store) {
        stores.set(store, new Map());
        return objectStore(stores.get(store));
      },
      transaction(names) {
        const name = [names].flat()[0];
        if (!stores.has(name)) throw new DOMException(`No object store ${name}`, "NotFoundError");
        return { objectStore: (store) => objectStore(stores.get(store)) };
      },
      close() {},
    });
    return {
      open(name) {
        const request = { readyState: "pending", transaction: null };
        setTimeout(() => {
          const fresh = !databases.has(name);
          if (fresh) databases.set(name, new Map());
          request.result = database(name, databases.get(name));
          request.readyState = "done";
          if (fresh) {
            const transaction = {};
            request.transaction = transaction;
            request.onupgradeneeded?.({ type: "upgradeneeded", target: request });
            request.transaction = null;
            transaction.oncomplete?.({ type: "complete", target: transaction });
          }
          request.onsuccess?.({ type: "success", target: request });
        });
        return request;
      },
    };
  }
})();
