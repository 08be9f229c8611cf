//! The page: mounts the Yew app.

fn main() {
    web::panic::install();
    yew::Renderer::<web::app::App>::new().render();
}
