//! The hostile corpus's SVG files (tests/fixtures/hostile/), drawn natively by the renderer the
//! picture worker runs (`web::picture::svg`): the real drawings draw, whatever they point at
//! outside the file unread; the `<use>` bombs in every disguise are refused by their element
//! count, not by the time they would take. (The slow ones are left to the browser test, where
//! the worker's deadline stops them.)

use web::picture::svg::render;

fn fixture(name: &str) -> Vec<u8> {
    let path = format!(
        "{}/../tests/fixtures/hostile/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn real_drawings_draw_and_what_they_point_at_outside_is_not_read() {
    for name in [
        "ok-drawing.svg",
        "css-import.svg",
        "style-url.svg",
        "external-image.svg",
    ] {
        let picture = render(&fixture(name), 256).unwrap_or_else(|why| panic!("{name}: {why}"));
        assert_eq!(picture.width.max(picture.height), 256, "{name}");
        assert!(
            picture.pixels.chunks(4).any(|p| p[3] > 0),
            "{name}: something is drawn"
        );
    }
}

#[test]
fn use_bombs_in_every_disguise_are_refused_by_their_size() {
    for name in [
        "use-bomb.svg",
        "bomb-ids-repeated.svg",
        "bomb-utf16.svg",
        "bomb-href-pair.svg",
        "symbol-bomb.svg",
        "nested-svg.svg",
        "deep-nesting.svg",
    ] {
        let why = render(&fixture(name), 256).expect_err(name);
        assert!(why.contains("over a million shapes"), "{name}: {why}");
    }
    let why = render(&fixture("entity-bomb.svg"), 256).expect_err("entity bomb");
    assert_eq!(why, "could not be read as an SVG picture");
}

#[test]
fn bombs_inside_pictures_inside_the_svg_leave_the_rest_drawn() {
    // The bomb as a data URL in <image> or <feImage>: that picture is not drawn (its own tree
    // is refused), the rest is; HTML in <foreignObject> is not drawn at all.
    for name in [
        "bomb-feimage.svg",
        "bomb-data-case.svg",
        "bomb-foreignobject.svg",
        "bomb-css-background.svg",
    ] {
        assert!(render(&fixture(name), 128).is_ok(), "{name}");
    }
}
