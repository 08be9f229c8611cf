//! Whether a picture file is safe to draw, decided from its bytes before the browser decodes
//! it: the browser decodes and draws on the page's thread, where a small file can stop the page
//! for good (a 2 KB SVG of nested `<use>` elements asks for billions of shapes) or for seconds
//! (a 48 KB PNG of 20000 x 20000 pixels asks for 1.6 GB). Pure, tested natively.
//!
//! Raster pictures are measured from their header (the `imagesize` crate reads the sizes of
//! PNG, JPEG, GIF, WebP, BMP, AVIF and more without decoding) and refused above
//! [`MAX_PICTURE_PIXELS`]. An SVG is parsed (`roxmltree`) and refused when drawing it would
//! mean more than [`MAX_SVG_SHAPES`] elements once every `<use>` is expanded (counted with
//! memo, so the count itself is quick), when a `<use>` refers to itself through others, when it
//! declares entities, or when it embeds another SVG as an image (which this check cannot see
//! into).

use std::collections::HashMap;

/// The most pixels a raster picture may have: a 48-megapixel phone photo passes (it decodes
/// in about a third of a second), a 20000 x 20000 image does not.
pub const MAX_PICTURE_PIXELS: u64 = 60_000_000;

/// The most elements an SVG may draw once its `<use>` references are expanded (a detailed
/// drawing has thousands; a `<use>` bomb has billions).
pub const MAX_SVG_SHAPES: u64 = 200_000;

/// Whether a file of this name and type is an SVG picture.
pub fn is_svg(name: &str, mime: &str) -> bool {
    mime.starts_with("image/svg") || name.to_ascii_lowercase().ends_with(".svg")
}

/// Why the picture in `bytes` (a file named `name`, of type `mime`) must not be drawn, in
/// words after its name; `None` if it may.
pub fn picture_danger(name: &str, mime: &str, bytes: &[u8]) -> Option<String> {
    if is_svg(name, mime) {
        let text = std::str::from_utf8(bytes).ok()?;
        return svg_danger(text);
    }
    let size = match imagesize::blob_size(bytes) {
        Ok(size) => size,
        Err(_) => return Some("could not be read as an image".to_string()),
    };
    let pixels = size.width as u64 * size.height as u64;
    (pixels > MAX_PICTURE_PIXELS).then(|| {
        format!(
            "is {} × {} pixels ({} megapixels): a picture is at most {} megapixels, so it was not drawn",
            size.width,
            size.height,
            pixels / 1_000_000,
            MAX_PICTURE_PIXELS / 1_000_000
        )
    })
}

/// Why an SVG's `text` must not be drawn (see the module documentation), or `None`.
pub fn svg_danger(text: &str) -> Option<String> {
    if text.contains("<!ENTITY") {
        return Some("declares XML entities, which a picture may not".to_string());
    }
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        nodes_limit: 2_000_000,
        ..roxmltree::ParsingOptions::default()
    };
    let document = match roxmltree::Document::parse_with_options(text, options) {
        Ok(document) => document,
        Err(_) => return Some("could not be read as an SVG picture".to_string()),
    };
    let embeds_svg = document.descendants().any(|node| {
        node.tag_name().name() == "image"
            && node
                .attributes()
                .any(|a| a.name() == "href" && a.value().trim_start().starts_with("data:image/svg"))
    });
    if embeds_svg {
        return Some("holds another SVG picture inside it, which a picture may not".to_string());
    }
    match Shapes::new(&document).count(document.root_element()) {
        Some(shapes) if shapes <= MAX_SVG_SHAPES => None,
        Some(_) => Some(format!(
            "would draw more than {MAX_SVG_SHAPES} shapes once its <use> copies are expanded, so it was not drawn"
        )),
        None => Some("has a <use> that refers back to itself, so it was not drawn".to_string()),
    }
}

/// Counts the elements an SVG draws, every `<use>` expanded to the element it refers to.
struct Shapes<'a, 'input> {
    /// The elements by `id`.
    by_id: HashMap<&'a str, roxmltree::Node<'a, 'input>>,
    /// Counts done, by node, so that each element is counted once however often it is used.
    done: HashMap<roxmltree::NodeId, u64>,
    /// The elements being counted (a `<use>` that reaches one of them is a loop).
    open: Vec<roxmltree::NodeId>,
}

impl<'a, 'input> Shapes<'a, 'input> {
    fn new(document: &'a roxmltree::Document<'input>) -> Self {
        let by_id = document
            .descendants()
            .filter(|n| n.is_element())
            .filter_map(|n| Some((n.attribute("id")?, n)))
            .collect();
        Shapes {
            by_id,
            done: HashMap::new(),
            open: Vec::new(),
        }
    }

    /// The elements `node` draws (itself, its children, what its `<use>` refers to; saturating
    /// at `u64::MAX`), or `None` on a loop of references.
    fn count(&mut self, node: roxmltree::Node<'a, 'input>) -> Option<u64> {
        if let Some(&n) = self.done.get(&node.id()) {
            return Some(n);
        }
        if self.open.contains(&node.id()) {
            return None;
        }
        self.open.push(node.id());
        let mut total: u64 = 1;
        for child in node.children().filter(|c| c.is_element()) {
            total = total.saturating_add(self.count(child)?);
        }
        if node.tag_name().name() == "use" {
            let href = node
                .attributes()
                .find(|a| a.name() == "href")
                .map(|a| a.value().trim());
            if let Some(target) = href
                .and_then(|h| h.strip_prefix('#'))
                .and_then(|id| self.by_id.get(id).copied())
            {
                total = total.saturating_add(self.count(target)?);
            }
        }
        self.open.pop();
        self.done.insert(node.id(), total);
        Some(total)
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

    #[test]
    fn a_use_bomb_is_refused_and_a_drawing_is_not() {
        let bomb = use_bomb(9);
        assert!(bomb.len() < 3_000, "a small file: {}", bomb.len());
        let why = svg_danger(&bomb).expect("a billion rectangles");
        assert!(why.contains("more than 200000 shapes"), "{why}");
        assert_eq!(svg_danger(&use_bomb(3)), None, "a few thousand shapes pass");
        let drawing = r##"<?xml version="1.0"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"><defs><circle id="c" r="5"/></defs>
<use href="#c" x="10"/><use href="#missing"/><rect width="10" height="10" filter="url(#f)"/></svg>"##;
        assert_eq!(
            svg_danger(drawing),
            None,
            "a doctype, a use, a dangling use"
        );
    }

    #[test]
    fn loops_entities_embedded_svgs_and_bad_xml_are_refused() {
        let looped = r##"<svg xmlns="http://www.w3.org/2000/svg"><g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g></svg>"##;
        assert!(svg_danger(looped).unwrap().contains("refers back"));
        let entities = r#"<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>"#;
        assert!(svg_danger(entities).unwrap().contains("entities"));
        let nested = r#"<svg xmlns="http://www.w3.org/2000/svg"><image href="data:image/svg+xml;base64,PHN2Zy8+"/></svg>"#;
        assert!(svg_danger(nested).unwrap().contains("another SVG"));
        assert!(svg_danger("<svg><g></svg>")
            .unwrap()
            .contains("could not be read"));
    }

    /// A PNG's first bytes: the signature and the IHDR chunk with the size.
    fn png_header(width: u32, height: u32) -> Vec<u8> {
        let mut bytes = vec![0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
        bytes.extend_from_slice(b"IHDR");
        bytes.extend_from_slice(&width.to_be_bytes());
        bytes.extend_from_slice(&height.to_be_bytes());
        bytes.extend_from_slice(&[8, 6, 0, 0, 0, 0, 0, 0, 0]);
        bytes
    }

    #[test]
    fn raster_pictures_are_measured_before_they_are_decoded() {
        let huge = picture_danger("huge.png", "image/png", &png_header(20_000, 20_000));
        assert_eq!(
            huge.as_deref(),
            Some("is 20000 × 20000 pixels (400 megapixels): a picture is at most 60 megapixels, so it was not drawn")
        );
        assert_eq!(
            picture_danger("photo.png", "image/png", &png_header(8000, 6000)),
            None,
            "48 MP"
        );
        assert_eq!(
            picture_danger("x.png", "image/png", b"not an image").as_deref(),
            Some("could not be read as an image")
        );
        assert!(
            is_svg("A.SVG", "") && is_svg("a", "image/svg+xml") && !is_svg("a.png", "image/png")
        );
    }
}
