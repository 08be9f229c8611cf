//! A panic hook that shows something visible instead of a frozen page.
//!
//! The app never relies on panics (bad input is an error value), but if one happens anyway the
//! message goes to the console and into a banner at the top of the page.

use wasm_bindgen::JsCast;

/// Installs the hook (on the page; in the worker the message goes to the console only).
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        let message =
            format!("Something went wrong inside the app: {info}. Reload the page to start again.");
        web_sys_console_error(&message);
        if let Some(document) = web_sys::window().and_then(|w| w.document()) {
            let banner = document.get_element_by_id("panic").or_else(|| {
                let element = document.create_element("div").ok()?;
                element.set_id("panic");
                document.body()?.prepend_with_node_1(&element).ok()?;
                Some(element)
            });
            if let Some(banner) = banner {
                banner.set_text_content(Some(&message));
                banner.set_attribute("role", "alert").ok();
                if let Ok(element) = banner.dyn_into::<web_sys::HtmlElement>() {
                    element.set_hidden(false);
                }
            }
        }
    }));
}

fn web_sys_console_error(message: &str) {
    let console = js_sys::Reflect::get(&js_sys::global(), &"console".into()).ok();
    if let Some(console) = console {
        if let Ok(error) = js_sys::Reflect::get(&console, &"error".into()) {
            if let Some(error) = error.dyn_ref::<js_sys::Function>() {
                error.call1(&console, &message.into()).ok();
            }
        }
    }
}
