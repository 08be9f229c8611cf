//! A picture for the tiles, drawn off the page's thread. The page's thread never decodes a
//! picture the person chose: the picture worker ([`worker`], started when a picture is chosen)
//! measures the file ([`size`]), decodes a raster picture with the browser's decoder or draws
//! an SVG with a renderer made for untrusted files ([`svg`]), and hands back a bitmap of at
//! most the side the page asks for (a PNG the page only shows). The page ([`client`]) gives
//! the worker [`deadline::PICTURE_DEADLINE_MS`] to answer and terminates it after.
//!
//! - [`plan`] and [`bitmap_size`]: what the worker does with a file's bytes, and how large it
//!   draws it (pure, tested natively).
//! - [`protocol`]: the messages; [`deadline`]: the rule of the deadline.

pub mod client;
pub mod deadline;
pub mod protocol;
pub mod size;
pub mod svg;
pub mod worker;

/// The most pixels a raster picture may have: a 48-megapixel phone photo passes, a 20000 x
/// 20000 image (1.6 GB decoded) does not. Raster pictures inside an SVG share the same limit.
pub const MAX_PICTURE_PIXELS: u64 = 60_000_000;

/// The largest side the page asks the bitmap to have, in pixels.
pub const MAX_SIDE: u32 = 2048;

/// What the worker does with a file's bytes.
#[derive(Debug, PartialEq)]
pub enum Plan {
    /// Decode it with the browser's decoder (a raster format of at most
    /// [`MAX_PICTURE_PIXELS`]).
    Raster,
    /// Draw it with `resvg`.
    Svg,
}

/// What to do with a picture file of these `bytes`, by what they are (not by the file's name),
/// or why it is refused, in words after the file's name.
pub fn plan(bytes: &[u8], side: u32) -> Result<Plan, String> {
    debug_assert!(side > 0);
    match size::measure(bytes) {
        Some(m) if m.pixels() > MAX_PICTURE_PIXELS => Err(format!(
            "is {} × {} pixels ({} megapixels): a picture is at most {} megapixels, so it was not drawn",
            m.width,
            m.height,
            m.pixels() / 1_000_000,
            MAX_PICTURE_PIXELS / 1_000_000
        )),
        Some(_) => Ok(Plan::Raster),
        None if svg::looks_like_svg(bytes) => Ok(Plan::Svg),
        None if bytes.is_empty() => Err("is empty".to_string()),
        None => Err("could not be read as an image".to_string()),
    }
}

/// The size of the bitmap drawn from a raster picture of `width` x `height`: its shape, at
/// most `side` on its longer side (a smaller picture keeps its size), at least 1 x 1.
pub fn bitmap_size(width: u32, height: u32, side: u32) -> (u32, u32) {
    let longer = width.max(height).max(1);
    let scale = (f64::from(side) / f64::from(longer)).min(1.0);
    let fit = |n: u32| ((f64::from(n) * scale).round() as u32).clamp(1, side);
    (fit(width), fit(height))
}

/// The side to ask for: the board's width on screen at the device's pixel ratio, at least 512
/// (the board grows on a wider window) and at most [`MAX_SIDE`].
pub fn side_for(board_css_pixels: f64, pixel_ratio: f64) -> u32 {
    let wanted = (board_css_pixels * pixel_ratio).ceil();
    if wanted.is_finite() {
        (wanted as u32).clamp(512, MAX_SIDE)
    } else {
        1024
    }
}

#[cfg(test)]
mod tests {
    use super::size::tests::png_header;
    use super::*;

    #[test]
    fn the_bitmap_keeps_the_shape_at_most_the_side() {
        assert_eq!(bitmap_size(100_000, 100_000, 1024), (1024, 1024));
        assert_eq!(bitmap_size(4000, 3000, 1024), (1024, 768));
        assert_eq!(bitmap_size(3000, 4000, 2048), (1536, 2048));
        assert_eq!(
            bitmap_size(300, 200, 1024),
            (300, 200),
            "a small picture keeps its size"
        );
        assert_eq!(
            bitmap_size(100_000, 1, 1024),
            (1024, 1),
            "never under one pixel"
        );
        assert_eq!(bitmap_size(0, 0, 1024), (1, 1));
    }

    #[test]
    fn the_side_follows_the_board_on_screen() {
        assert_eq!(side_for(416.0, 1.0), 512);
        assert_eq!(side_for(416.0, 2.0), 832);
        assert_eq!(side_for(560.0, 3.0), 1680);
        assert_eq!(side_for(1200.0, 4.0), MAX_SIDE);
        assert_eq!(side_for(f64::NAN, 2.0), 1024);
    }

    #[test]
    fn files_are_taken_by_what_they_are_not_by_their_names() {
        assert_eq!(
            plan(&png_header(20_000, 20_000), 1024).unwrap_err(),
            "is 20000 × 20000 pixels (400 megapixels): a picture is at most 60 megapixels, so it was not drawn"
        );
        assert_eq!(
            plan(&png_header(8000, 6000), 1024),
            Ok(Plan::Raster),
            "48 MP"
        );
        assert_eq!(plan(&png_header(7745, 7745), 1024), Ok(Plan::Raster));
        assert_eq!(
            plan(b"  <svg xmlns='http://www.w3.org/2000/svg'/>", 1024),
            Ok(Plan::Svg)
        );
        assert_eq!(plan(b"", 1024).unwrap_err(), "is empty");
        assert_eq!(
            plan(b"\x00\x01garbage", 1024).unwrap_err(),
            "could not be read as an image"
        );
    }
}
