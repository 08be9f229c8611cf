//! A byte cache in the browser's IndexedDB, used from the solver worker to keep built pattern
//! databases across visits: one object store, values are `Uint8Array`s under text keys.
//!
//! Every call is a future over the IndexedDB request's success/error events. Errors (no
//! IndexedDB, quota, private mode) come back as text: the caller treats them as a cache miss.

use js_sys::{Function, Promise, Uint8Array};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{IdbDatabase, IdbFactory, IdbRequest, IdbTransaction, IdbTransactionMode};

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

/// The IndexedDB factory of the current global scope (window or worker).
fn factory() -> Result<IdbFactory, String> {
    let global = js_sys::global();
    let value = js_sys::Reflect::get(&global, &JsValue::from_str("indexedDB")).map_err(text)?;
    value
        .dyn_into::<IdbFactory>()
        .map_err(|_| "IndexedDB is not available here".to_string())
}

/// Resolves when `request` succeeds (with its result), rejects on its error.
fn request_done(request: &IdbRequest) -> JsFuture {
    let request = request.clone();
    let promise = Promise::new(&mut |resolve: Function, reject: Function| {
        let ok_request = request.clone();
        let on_success = Closure::once_into_js(move |_: web_sys::Event| {
            let result = ok_request.result().unwrap_or(JsValue::UNDEFINED);
            resolve.call1(&JsValue::NULL, &result).ok();
        });
        let err_request = request.clone();
        let on_error = Closure::once_into_js(move |_: web_sys::Event| {
            let message = match err_request.error() {
                Ok(Some(e)) => e.message(),
                _ => "IndexedDB request failed".to_string(),
            };
            reject
                .call1(&JsValue::NULL, &JsValue::from_str(&message))
                .ok();
        });
        request.set_onsuccess(Some(on_success.unchecked_ref()));
        request.set_onerror(Some(on_error.unchecked_ref()));
    });
    JsFuture::from(promise)
}

/// Resolves when `transaction` commits, rejects when it fails or aborts.
fn transaction_done(transaction: &IdbTransaction) -> JsFuture {
    let transaction = transaction.clone();
    let promise = Promise::new(&mut |resolve: Function, reject: Function| {
        let on_complete = Closure::once_into_js(move |_: web_sys::Event| {
            resolve.call0(&JsValue::NULL).ok();
        });
        let reject_abort = reject.clone();
        let on_error = Closure::once_into_js(move |_: web_sys::Event| {
            reject
                .call1(&JsValue::NULL, &JsValue::from_str("IndexedDB write failed"))
                .ok();
        });
        let on_abort = Closure::once_into_js(move |_: web_sys::Event| {
            reject_abort
                .call1(
                    &JsValue::NULL,
                    &JsValue::from_str("IndexedDB write aborted"),
                )
                .ok();
        });
        transaction.set_oncomplete(Some(on_complete.unchecked_ref()));
        transaction.set_onerror(Some(on_error.unchecked_ref()));
        transaction.set_onabort(Some(on_abort.unchecked_ref()));
    });
    JsFuture::from(promise)
}

/// Opens the database, creating the store on first use.
pub async fn open() -> Result<IdbDatabase, String> {
    let request = factory()?
        .open_with_u32(DB_NAME, DB_VERSION)
        .map_err(text)?;
    let upgrade_request = request.clone();
    let on_upgrade = Closure::once_into_js(move |_: web_sys::Event| {
        if let Ok(db) = upgrade_request
            .result()
            .and_then(|r| r.dyn_into::<IdbDatabase>())
        {
            if !db.object_store_names().contains(STORE) {
                db.create_object_store(STORE).ok();
            }
        }
    });
    request.set_onupgradeneeded(Some(on_upgrade.unchecked_ref()));
    let db = request_done(&request).await.map_err(text)?;
    db.dyn_into::<IdbDatabase>()
        .map_err(|_| "IndexedDB did not open".to_string())
}

/// The bytes under `key`, or `None` if there are none.
pub async fn get(db: &IdbDatabase, key: &str) -> Result<Option<Vec<u8>>, String> {
    let transaction = db.transaction_with_str(STORE).map_err(text)?;
    let store = transaction.object_store(STORE).map_err(text)?;
    let request = store.get(&JsValue::from_str(key)).map_err(text)?;
    let value = request_done(&request).await.map_err(text)?;
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
    let done = transaction_done(&transaction);
    let store = transaction.object_store(STORE).map_err(text)?;
    let value = Uint8Array::from(bytes);
    store
        .put_with_key(&value, &JsValue::from_str(key))
        .map_err(text)?;
    done.await.map_err(text)?;
    Ok(())
}
