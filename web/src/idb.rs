//! A byte cache in the browser's IndexedDB, used from the solver worker to keep built and
//! downloaded tables (pattern databases and big-board tables) across visits: one object store,
//! values are `Uint8Array`s under text keys.
//!
//! Every call is a future over the IndexedDB request's or transaction's events. Its listeners
//! are held by a `Listeners` and taken off when the call returns (or its future is dropped),
//! whichever event fired: a handler left for an event that never comes (`upgradeneeded` on a
//! database that exists, `error` after a success) would keep its closure for the worker's
//! life. Errors (no IndexedDB, quota, private mode) come back as text: the caller treats them
//! as a cache miss.
//!
//! Written by hand, not with a crate: measured in the release build, `indexed_db_futures` 0.6.4
//! (which takes its listeners off the same way) made the worker's wasm 6.9 KB gzipped bigger
//! even at `opt-level = "z"`, and `idb` 0.6.5 6.3 KB (it also forgets the open request's
//! callbacks on purpose, the leak this module avoids); `rexie` is built on `idb`. All three
//! resolve with the pinned wasm-bindgen and work in a worker.

use js_sys::{Function, Promise, Uint8Array};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    Event, EventTarget, IdbDatabase, IdbFactory, IdbRequest, IdbTransaction, IdbTransactionMode,
};

/// The database's name.
pub const DB_NAME: &str = "sliding-puzzle";
/// Its version (a new one recreates the store).
pub const DB_VERSION: u32 = 1;
/// The object store holding the bytes.
pub const STORE: &str = "pattern-databases";

fn text(error: JsValue) -> String {
    error
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| error.as_string())
        .unwrap_or_else(|| format!("{error:?}"))
}

/// An event handler the browser calls, kept alive by the Rust side.
type Handler = Closure<dyn FnMut(Event)>;

/// Event listeners on one target, taken off and freed when this is dropped.
struct Listeners {
    target: EventTarget,
    closures: Vec<(&'static str, Handler)>,
}

impl Listeners {
    fn new(target: &EventTarget) -> Self {
        Listeners {
            target: target.clone(),
            closures: Vec::new(),
        }
    }

    /// Calls `handler` on each `event` until this is dropped.
    fn on(&mut self, event: &'static str, handler: impl FnMut(Event) + 'static) {
        let closure = Handler::new(handler);
        // Adding a listener to an IndexedDB request or transaction does not throw.
        self.target
            .add_event_listener_with_callback(event, closure.as_ref().unchecked_ref())
            .ok();
        self.closures.push((event, closure));
    }
}

impl Drop for Listeners {
    fn drop(&mut self) {
        for (event, closure) in &self.closures {
            self.target
                .remove_event_listener_with_callback(event, closure.as_ref().unchecked_ref())
                .ok();
        }
    }
}

/// Waits for the first of `events` on `target` and returns its index in `events`. The
/// listeners are off again when it returns.
async fn first_of(target: &EventTarget, events: &[&'static str]) -> usize {
    let mut listeners = Listeners::new(target);
    let promise = Promise::new(&mut |resolve: Function, _reject: Function| {
        for (index, &event) in events.iter().enumerate() {
            let resolve = resolve.clone();
            listeners.on(event, move |_| {
                resolve.call1(&JsValue::NULL, &JsValue::from(index)).ok();
            });
        }
    });
    // The promise only ever resolves, with an index given above.
    let fired = JsFuture::from(promise).await;
    drop(listeners);
    fired
        .ok()
        .and_then(|index| index.as_f64())
        .map_or(events.len(), |index| index as usize)
}

/// The IndexedDB factory of the current global scope (window or worker).
fn factory() -> Result<IdbFactory, String> {
    let global = js_sys::global();
    let value = js_sys::Reflect::get(&global, &JsValue::from_str("indexedDB")).map_err(text)?;
    value
        .dyn_into::<IdbFactory>()
        .map_err(|_| "IndexedDB is not available here".to_string())
}

/// The result of `request` once it succeeds, or its error.
async fn request_done(request: &IdbRequest) -> Result<JsValue, String> {
    if first_of(request, &["success", "error"]).await == 0 {
        request.result().map_err(text)
    } else {
        Err(match request.error() {
            Ok(Some(e)) => e.message(),
            _ => "IndexedDB request failed".to_string(),
        })
    }
}

/// Waits until `transaction` commits, or says why it failed or aborted.
async fn transaction_done(transaction: &IdbTransaction) -> Result<(), String> {
    match first_of(transaction, &["complete", "error", "abort"]).await {
        0 => Ok(()),
        fired => Err(match transaction.error() {
            Some(e) => e.message(),
            None if fired == 1 => "IndexedDB write failed".to_string(),
            None => "IndexedDB write aborted".to_string(),
        }),
    }
}

/// Whether this origin's [`DB_NAME`] database exists, without opening (and so creating) it;
/// `false` where the browser cannot tell (`indexedDB.databases()` is missing or fails).
pub async fn exists() -> bool {
    let global = js_sys::global();
    let Ok(factory) = js_sys::Reflect::get(&global, &"indexedDB".into()) else {
        return false;
    };
    let Ok(list) = js_sys::Reflect::get(&factory, &"databases".into()) else {
        return false;
    };
    let Ok(list) = list.dyn_into::<Function>() else {
        return false;
    };
    let Ok(promise) = list.call0(&factory) else {
        return false;
    };
    let Ok(names) = JsFuture::from(Promise::from(promise)).await else {
        return false;
    };
    js_sys::Array::from(&names).iter().any(|entry| {
        js_sys::Reflect::get(&entry, &"name".into())
            .ok()
            .and_then(|name| name.as_string())
            .is_some_and(|name| name == DB_NAME)
    })
}

/// Opens the database, creating the store on first use.
pub async fn open() -> Result<IdbDatabase, String> {
    let request = factory()?
        .open_with_u32(DB_NAME, DB_VERSION)
        .map_err(text)?;
    let mut upgrade = Listeners::new(&request);
    let upgrade_request = request.clone();
    upgrade.on("upgradeneeded", move |_| {
        if let Ok(db) = upgrade_request
            .result()
            .and_then(|r| r.dyn_into::<IdbDatabase>())
        {
            if !db.object_store_names().contains(STORE) {
                db.create_object_store(STORE).ok();
            }
        }
    });
    let db = request_done(&request).await;
    drop(upgrade);
    db?.dyn_into::<IdbDatabase>()
        .map_err(|_| "IndexedDB did not open".to_string())
}

/// The bytes under `key`, or `None` if there are none.
pub async fn get(db: &IdbDatabase, key: &str) -> Result<Option<Vec<u8>>, String> {
    let transaction = db.transaction_with_str(STORE).map_err(text)?;
    let store = transaction.object_store(STORE).map_err(text)?;
    let request = store.get(&JsValue::from_str(key)).map_err(text)?;
    let value = request_done(&request).await?;
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    if let Some(array) = value.dyn_ref::<Uint8Array>() {
        return Ok(Some(array.to_vec()));
    }
    if value.is_instance_of::<js_sys::ArrayBuffer>() {
        return Ok(Some(Uint8Array::new(&value).to_vec()));
    }
    // Something else under the key: the caller rebuilds and overwrites it.
    Ok(Some(Vec::new()))
}

/// Stores `bytes` under `key` and waits until the write is committed.
pub async fn put(db: &IdbDatabase, key: &str, bytes: &[u8]) -> Result<(), String> {
    let transaction = db
        .transaction_with_str_and_mode(STORE, IdbTransactionMode::Readwrite)
        .map_err(text)?;
    let store = transaction.object_store(STORE).map_err(text)?;
    let value = Uint8Array::from(bytes);
    store
        .put_with_key(&value, &JsValue::from_str(key))
        .map_err(text)?;
    transaction_done(&transaction).await
}
