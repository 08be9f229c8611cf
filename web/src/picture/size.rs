//! A raster picture's format and pixel size, read from its header before anything decodes it.
//! Pure, tested natively.
//!
//! PNG, JPEG, GIF, WebP and AVIF are read by the `imagesize` crate. BMP and ICO/CUR are read
//! here by hand, because `imagesize` 0.15 reads both wrongly for this use: a BMP's height as
//! unsigned (a top-down BMP, stored with a negative height, came out 4294966696 pixels high),
//! and an ICO's size from its directory entries only (one byte each, at most 256), while the
//! browser decodes the image the entry points at, which may be a PNG of any size.

use imagesize::ImageType;

/// The raster formats a browser decodes, as far as the page takes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// PNG (and APNG).
    Png,
    /// JPEG.
    Jpeg,
    /// GIF (its logical screen; an animation shows its first frame).
    Gif,
    /// WebP.
    Webp,
    /// AVIF.
    Avif,
    /// Windows bitmap.
    Bmp,
    /// Windows icon or cursor (the largest image it holds).
    Ico,
}

/// A raster picture's format and size in pixels, as its header states them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Measured {
    /// The format.
    pub format: Format,
    /// Width in pixels.
    pub width: u64,
    /// Height in pixels.
    pub height: u64,
}

impl Measured {
    /// Width times height.
    pub fn pixels(&self) -> u64 {
        self.width.saturating_mul(self.height)
    }
}

/// The format and size of the raster picture in `bytes`, or `None` when its header is not one
/// of [`Format`]'s or is cut short.
pub fn measure(bytes: &[u8]) -> Option<Measured> {
    if bytes.starts_with(b"BM") {
        return bmp_size(bytes).map(|(width, height)| Measured {
            format: Format::Bmp,
            width,
            height,
        });
    }
    if bytes.starts_with(&[0, 0, 1, 0]) || bytes.starts_with(&[0, 0, 2, 0]) {
        return ico_size(bytes).map(|(width, height)| Measured {
            format: Format::Ico,
            width,
            height,
        });
    }
    let format = match imagesize::image_type(bytes).ok()? {
        ImageType::Png => Format::Png,
        ImageType::Jpeg => Format::Jpeg,
        ImageType::Gif => Format::Gif,
        ImageType::Webp => Format::Webp,
        ImageType::Heif(imagesize::Compression::Av1) => Format::Avif,
        _ => return None,
    };
    let size = imagesize::blob_size(bytes).ok()?;
    Some(Measured {
        format,
        width: size.width as u64,
        height: size.height as u64,
    })
}

/// Little-endian integers at `at`, if the bytes reach that far.
fn u16_at(bytes: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(bytes.get(at..at + 2)?.try_into().ok()?))
}

fn u32_at(bytes: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
}

/// The size stated by a DIB header starting at `at` (a BMP file's after its 14-byte file
/// header; an ICO entry's image data). The old 12-byte header holds unsigned 16-bit sizes;
/// every later one signed 32-bit sizes, a negative height meaning rows stored top-down.
fn dib_size(bytes: &[u8], at: usize) -> Option<(u64, u64)> {
    let header = u32_at(bytes, at)?;
    if header == 12 {
        let width = u16_at(bytes, at + 4)?;
        let height = u16_at(bytes, at + 6)?;
        return Some((u64::from(width), u64::from(height)));
    }
    if header < 40 {
        return None;
    }
    let width = u32_at(bytes, at + 4)? as i32;
    let height = u32_at(bytes, at + 8)? as i32;
    (width > 0 && height != 0).then(|| {
        (
            u64::from(width.unsigned_abs()),
            u64::from(height.unsigned_abs()),
        )
    })
}

fn bmp_size(bytes: &[u8]) -> Option<(u64, u64)> {
    dib_size(bytes, 14)
}

/// The largest image an ICO or CUR file holds, measured from the image itself: a PNG's own
/// header, or a DIB header (whose height counts the image and its mask, so twice the rows).
fn ico_size(bytes: &[u8]) -> Option<(u64, u64)> {
    let count = usize::from(u16_at(bytes, 4)?);
    if count == 0 {
        return None;
    }
    let mut largest: Option<(u64, u64)> = None;
    for entry in 0..count {
        let base = 6 + 16 * entry;
        let offset = u32_at(bytes, base + 12)? as usize;
        let data = bytes.get(offset..)?;
        let size = if data.starts_with(b"\x89PNG") {
            let size = imagesize::blob_size(data).ok()?;
            (size.width as u64, size.height as u64)
        } else {
            let (width, height) = dib_size(bytes, offset)?;
            (width, height / 2)
        };
        if largest.is_none_or(|(w, h)| w * h < size.0 * size.1) {
            largest = Some(size);
        }
    }
    largest
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// A PNG's first bytes: the signature and the IHDR chunk with the size.
    pub(in crate::picture) fn png_header(width: u32, height: u32) -> Vec<u8> {
        let mut bytes = vec![0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
        bytes.extend_from_slice(b"IHDR");
        bytes.extend_from_slice(&width.to_be_bytes());
        bytes.extend_from_slice(&height.to_be_bytes());
        bytes.extend_from_slice(&[8, 6, 0, 0, 0, 0, 0, 0, 0]);
        bytes
    }

    /// A BMP's file header and a BITMAPINFOHEADER of `width` x `height` (signed).
    fn bmp_header(width: i32, height: i32) -> Vec<u8> {
        let mut bytes = b"BM".to_vec();
        bytes.extend_from_slice(&[0; 12]);
        bytes.extend_from_slice(&40u32.to_le_bytes());
        bytes.extend_from_slice(&width.to_le_bytes());
        bytes.extend_from_slice(&height.to_le_bytes());
        bytes.extend_from_slice(&[1, 0, 24, 0]);
        bytes.extend_from_slice(&[0; 24]);
        bytes
    }

    /// An ICO of one entry (stating 256 x 256) holding `image`.
    fn ico(image: &[u8]) -> Vec<u8> {
        let mut bytes = vec![0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 1, 0, 32, 0];
        bytes.extend_from_slice(&(image.len() as u32).to_le_bytes());
        bytes.extend_from_slice(&22u32.to_le_bytes());
        bytes.extend_from_slice(image);
        bytes
    }

    fn size_of(bytes: &[u8]) -> Option<(Format, u64, u64)> {
        measure(bytes).map(|m| (m.format, m.width, m.height))
    }

    #[test]
    fn a_bmp_height_is_signed_top_down_is_negative() {
        assert_eq!(
            size_of(&bmp_header(800, 600)),
            Some((Format::Bmp, 800, 600))
        );
        assert_eq!(
            size_of(&bmp_header(800, -600)),
            Some((Format::Bmp, 800, 600))
        );
        assert_eq!(
            size_of(&bmp_header(-800, 600)),
            None,
            "a negative width is no picture"
        );
        assert_eq!(size_of(&bmp_header(800, 0)), None);
        let mut core = b"BM".to_vec();
        core.extend_from_slice(&[0; 12]);
        core.extend_from_slice(&12u32.to_le_bytes());
        core.extend_from_slice(&[0x20, 0x03, 0x58, 0x02, 1, 0, 24, 0]);
        assert_eq!(
            size_of(&core),
            Some((Format::Bmp, 800, 600)),
            "the old 12-byte header"
        );
    }

    #[test]
    fn an_icon_is_as_large_as_the_image_inside_it() {
        assert_eq!(
            size_of(&ico(&png_header(20_000, 20_000))),
            Some((Format::Ico, 20_000, 20_000)),
            "the directory says 256 x 256, the PNG inside is 20000 x 20000"
        );
        let dib = &bmp_header(32, 64)[14..];
        assert_eq!(
            size_of(&ico(dib)),
            Some((Format::Ico, 32, 32)),
            "rows and mask rows"
        );
        let mut cursor = ico(&png_header(48, 48));
        cursor[2] = 2;
        assert_eq!(size_of(&cursor), Some((Format::Ico, 48, 48)));
    }

    #[test]
    fn every_format_the_browser_decodes_is_measured() {
        assert_eq!(
            size_of(&png_header(7745, 7745)),
            Some((Format::Png, 7745, 7745))
        );
        let gif = b"GIF89a\x40\x00\x20\x00\x00\x00\x00";
        assert_eq!(size_of(gif), Some((Format::Gif, 64, 32)));
        // A baseline JPEG: SOI, then a SOF0 segment with height 480 and width 640.
        let jpeg = [
            0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03, 0x01, 0x22,
            0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01,
        ];
        assert_eq!(size_of(&jpeg), Some((Format::Jpeg, 640, 480)));
        // A lossless WebP (VP8L): 14-bit sizes minus one.
        let mut webp = b"RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00\x2f".to_vec();
        let bits: u32 = (300 - 1) | ((200 - 1) << 14);
        webp.extend_from_slice(&bits.to_le_bytes());
        webp.extend_from_slice(&[0; 8]);
        assert_eq!(size_of(&webp), Some((Format::Webp, 300, 200)));
        // An AVIF: ftyp, then meta / iprp / ipco / ispe.
        let boxed = |kind: &[u8], body: &[u8]| {
            let mut b = ((body.len() + 8) as u32).to_be_bytes().to_vec();
            b.extend_from_slice(kind);
            b.extend_from_slice(body);
            b
        };
        let mut ispe = vec![0; 4];
        ispe.extend_from_slice(&1920u32.to_be_bytes());
        ispe.extend_from_slice(&1080u32.to_be_bytes());
        let ipco = boxed(b"ipco", &boxed(b"ispe", &ispe));
        let mut meta = vec![0; 4];
        meta.extend_from_slice(&boxed(b"iprp", &ipco));
        let mut avif = boxed(b"ftyp", b"avif\0\0\0\0avifmif1");
        avif.extend_from_slice(&boxed(b"meta", &meta));
        assert_eq!(size_of(&avif), Some((Format::Avif, 1920, 1080)));
    }

    #[test]
    fn cut_or_unknown_headers_are_not_measured() {
        for bytes in [
            &b""[..],
            b"not an image at all",
            &png_header(100, 100)[..14],
            &bmp_header(800, 600)[..20],
            b"GIF8",
            &[0, 0, 1, 0, 1, 0],
            &[0, 0, 1, 0, 0, 0],
            &[0xff, 0xd8, 0xff],
        ] {
            assert_eq!(measure(bytes), None, "{bytes:?}");
        }
        let mut pointing_out = ico(&png_header(16, 16));
        pointing_out[18] = 0xff;
        assert_eq!(
            measure(&pointing_out),
            None,
            "an entry pointing past the end"
        );
    }
}
