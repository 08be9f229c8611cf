//! The solver web worker.

fn main() {
    web::worker::run();
}
