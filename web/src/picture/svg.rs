//! An SVG picture drawn into pixels by `resvg`, a renderer made for untrusted files, so that
//! the browser's own SVG renderer never sees the file (it drew a 2 KB `<use>` bomb for ever,
//! and every check of the file before it missed a way the browser reads one). Pure, tested
//! natively; the picture worker runs it.
//!
//! The limits: `usvg` refuses a document of over a million elements once its `<use>` copies
//! are made, and nesting deeper than 1024; nothing outside the file is read (no file, no
//! network, no CSS `@import`); pictures inside it must be data URLs, at most
//! [`MAX_NESTED_SVGS`] SVGs and [`MAX_PICTURE_PIXELS`] pixels of raster images in all. What it
//! still cannot bound is the time a legal drawing takes (a thousand blurs): the page's
//! deadline does ([`super::deadline`]).

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::Arc;

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{self, ImageHrefResolver, ImageKind};

use super::size::{measure, Format};
use super::MAX_PICTURE_PIXELS;

/// The most SVG pictures one SVG may hold inside it (as `<image>` or `<feImage>` data), at
/// every depth together.
pub const MAX_NESTED_SVGS: u32 = 8;

/// Pixels in rows of red, green, blue and alpha bytes (not premultiplied).
#[derive(Debug, PartialEq)]
pub struct Rgba {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `4 * width * height` bytes.
    pub pixels: Vec<u8>,
}

/// Whether `bytes` look like an SVG document (an XML text: a `<` first, after any byte-order
/// mark and white space), whatever the file's name says.
pub fn looks_like_svg(bytes: &[u8]) -> bool {
    match text_of(bytes) {
        Some(text) => text.trim_start().starts_with('<'),
        None => false,
    }
}

/// The text of `bytes`: UTF-8 (with or without its byte-order mark), or UTF-16 with its mark.
fn text_of(bytes: &[u8]) -> Option<String> {
    let utf16 = |big: bool| {
        let units: Vec<u16> = bytes[2..]
            .chunks_exact(2)
            .map(|c| {
                if big {
                    u16::from_be_bytes([c[0], c[1]])
                } else {
                    u16::from_le_bytes([c[0], c[1]])
                }
            })
            .collect();
        String::from_utf16(&units).ok()
    };
    match bytes {
        [0xff, 0xfe, ..] => utf16(false),
        [0xfe, 0xff, ..] => utf16(true),
        [0xef, 0xbb, 0xbf, rest @ ..] => std::str::from_utf8(rest).ok().map(str::to_owned),
        _ => std::str::from_utf8(bytes).ok().map(str::to_owned),
    }
}

/// The SVG picture in `bytes` drawn to fit a square of `side` pixels (its longer side exactly
/// `side`: a drawing has no pixel size of its own), or why not, in words after the file's name.
pub fn render(bytes: &[u8], side: u32) -> Result<Rgba, String> {
    let text = text_of(bytes).ok_or("could not be read as an SVG picture")?;
    let options = usvg::Options {
        resources_dir: None,
        image_href_resolver: data_only(Arc::default()),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(&text, &options).map_err(|e| match e {
        usvg::Error::ElementsLimitReached
        | usvg::Error::ParsingFailed(resvg::usvg::roxmltree::Error::NodesLimitReached) => {
            "would draw over a million shapes (or nest them over 1024 deep) once its copies are made, so it was not drawn"
                .to_string()
        }
        usvg::Error::InvalidSize => "has no size to draw, so it was not drawn".to_string(),
        _ => "could not be read as an SVG picture".to_string(),
    })?;
    let size = tree.size();
    let scale = side as f32 / size.width().max(size.height());
    let fit = |n: f32| ((n * scale).round() as u32).clamp(1, side);
    let (width, height) = (fit(size.width()), fit(size.height()));
    let mut pixmap = Pixmap::new(width, height).ok_or("could not be drawn")?;
    resvg::render(
        &tree,
        Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    let pixels = pixmap
        .pixels()
        .iter()
        .flat_map(|p| {
            let c = p.demultiply();
            [c.red(), c.green(), c.blue(), c.alpha()]
        })
        .collect();
    Ok(Rgba {
        width,
        height,
        pixels,
    })
}

/// What the pictures inside one SVG may still take, at every depth together.
#[derive(Default)]
struct Budget {
    nested_svgs: AtomicU32,
    pixels: AtomicU64,
}

impl Budget {
    /// Whether one more nested SVG fits.
    fn take_svg(&self) -> bool {
        self.nested_svgs.fetch_add(1, Ordering::Relaxed) < MAX_NESTED_SVGS
    }

    /// Whether `pixels` more raster pixels fit.
    fn take_pixels(&self, pixels: u64) -> bool {
        let before = self.pixels.fetch_add(pixels, Ordering::Relaxed);
        before.saturating_add(pixels) <= MAX_PICTURE_PIXELS
    }
}

/// Pictures inside the SVG from data URLs only, measured before they are decoded (by their
/// bytes, whatever type the URL claims), within one [`Budget`]; a nested SVG gets the same
/// rules (`usvg` passes this resolver down). Anything else (a file, a web address) is not read.
fn data_only(budget: Arc<Budget>) -> ImageHrefResolver<'static> {
    ImageHrefResolver {
        resolve_data: Box::new(move |_mime, data, options| match measure(&data) {
            Some(m) if budget.take_pixels(m.pixels()) => match m.format {
                Format::Png => Some(ImageKind::PNG(data)),
                Format::Jpeg => Some(ImageKind::JPEG(data)),
                Format::Gif => Some(ImageKind::GIF(data)),
                Format::Webp => Some(ImageKind::WEBP(data)),
                _ => None,
            },
            Some(_) => None,
            None if looks_like_svg(&data) && budget.take_svg() => {
                usvg::Tree::from_data_nested(&data, options)
                    .ok()
                    .map(ImageKind::SVG)
            }
            None => None,
        }),
        resolve_string: Box::new(|_, _| None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `<use>` bomb: each level uses the one before ten times.
    fn use_bomb(levels: usize) -> String {
        let mut svg = String::from(
            r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100"><defs><rect id="l0" width="1" height="1"/>"#,
        );
        for level in 1..=levels {
            svg.push_str(&format!("<g id=\"l{level}\">"));
            for _ in 0..10 {
                svg.push_str(&format!("<use xlink:href=\"#l{}\"/>", level - 1));
            }
            svg.push_str("</g>");
        }
        svg.push_str(&format!("</defs><use href=\"#l{levels}\"/></svg>"));
        svg
    }

    /// The colour at (x, y).
    fn at(picture: &Rgba, x: u32, y: u32) -> [u8; 4] {
        let i = 4 * (y * picture.width + x) as usize;
        picture.pixels[i..i + 4].try_into().unwrap()
    }

    const DRAWING: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100">
        <rect width="100" height="100" fill="#ff0000"/><rect x="100" width="100" height="100" fill="#0000ff"/></svg>"##;

    #[test]
    fn a_drawing_fills_the_side_in_its_shape_and_colours() {
        let picture = render(DRAWING.as_bytes(), 400).unwrap();
        assert_eq!((picture.width, picture.height), (400, 200));
        assert_eq!(picture.pixels.len(), 400 * 200 * 4);
        assert_eq!(at(&picture, 50, 100), [255, 0, 0, 255]);
        assert_eq!(at(&picture, 350, 100), [0, 0, 255, 255]);
    }

    #[test]
    fn utf16_and_a_byte_order_mark_are_read() {
        let mut utf16 = vec![0xff, 0xfe];
        utf16.extend(DRAWING.encode_utf16().flat_map(u16::to_le_bytes));
        assert!(looks_like_svg(&utf16));
        assert_eq!(
            render(&utf16, 40).unwrap(),
            render(DRAWING.as_bytes(), 40).unwrap()
        );
        let mut marked = vec![0xef, 0xbb, 0xbf];
        marked.extend_from_slice(DRAWING.as_bytes());
        assert!(render(&marked, 40).is_ok());
        assert!(
            !looks_like_svg(b"\x89PNG") && !looks_like_svg(b"") && !looks_like_svg(&[0xff, 0xd8])
        );
    }

    #[test]
    fn a_use_bomb_is_refused_quickly_and_small_uses_draw() {
        let why = render(use_bomb(9).as_bytes(), 64).unwrap_err();
        assert!(why.contains("over a million shapes"), "{why}");
        assert!(
            render(use_bomb(3).as_bytes(), 64).is_ok(),
            "a thousand shapes draw"
        );
    }

    #[test]
    fn nothing_outside_the_file_is_read_and_nested_pictures_are_counted() {
        let outside = r##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">
            <style>@import url("http://127.0.0.1:9/x.css"); rect { fill: url(http://127.0.0.1:9/p.svg#p) }</style>
            <image href="file:///etc/passwd" width="10" height="10"/><image href="http://127.0.0.1:9/x.png" width="10" height="10"/>
            <use href="other.svg#a"/><circle cx="5" cy="5" r="5" fill="#00ff00"/></svg>"##;
        let picture = render(outside.as_bytes(), 10).unwrap();
        assert_eq!(
            at(&picture, 5, 5),
            [0, 255, 0, 255],
            "the circle still draws"
        );
        // Nine SVGs inside one: the first eight are drawn, the ninth is not.
        let inner = "PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSIxIiBoZWlnaHQ9IjEiPjxyZWN0IHdpZHRoPSIxIiBoZWlnaHQ9IjEiIGZpbGw9IiNmMDAiLz48L3N2Zz4=";
        let mut nine =
            String::from(r#"<svg xmlns="http://www.w3.org/2000/svg" width="9" height="1">"#);
        for x in 0..9 {
            nine.push_str(&format!(
                r#"<image x="{x}" width="1" height="1" href="data:image/svg+xml;base64,{inner}"/>"#
            ));
        }
        nine.push_str("</svg>");
        let picture = render(nine.as_bytes(), 9).unwrap();
        assert_eq!(at(&picture, 0, 0), [255, 0, 0, 255]);
        assert_eq!(at(&picture, 7, 0), [255, 0, 0, 255]);
        assert_eq!(at(&picture, 8, 0)[3], 0, "the ninth is over the budget");
    }

    #[test]
    fn entities_bad_xml_and_sizeless_drawings_are_refused_with_words() {
        let laughs = r#"<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;"><!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;"><!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&h;&h;&h;&h;&h;&h;&h;&h;&h;&h;</text></svg>"#;
        let result = render(laughs.as_bytes(), 10);
        assert!(result.is_ok() || result.as_ref().unwrap_err().contains("could not be read"));
        assert_eq!(
            render(b"<svg><g></svg>", 10).unwrap_err(),
            "could not be read as an SVG picture"
        );
        assert_eq!(
            render(&[0xc3, 0x28], 10).unwrap_err(),
            "could not be read as an SVG picture"
        );
        let flat = r#"<svg xmlns="http://www.w3.org/2000/svg" width="0" height="10"/>"#;
        assert!(render(flat.as_bytes(), 10).unwrap_err().contains("no size"));
    }
}
