//! The picture worker: decodes or draws a chosen picture off the page's thread.

fn main() {
    web::picture::worker::run();
}
