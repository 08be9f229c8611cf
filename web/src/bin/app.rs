//! The page: mounts the Yew app into `<div id="app">` (Yew empties the element it mounts into:
//! the body would lose the prerendered first screen the app takes its board from).

fn main() {
    web::panic::install();
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("app"));
    match root {
        Some(root) => yew::Renderer::<web::app::App>::with_root(root).render(),
        None => yew::Renderer::<web::app::App>::new().render(),
    };
}
