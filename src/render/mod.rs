//! SVG figures, drawn the same way for the page and the CLI's `--svg`. The page replaces the
//! figure when the state changes; JS only reads the `data-*` ids back on a click.

mod svg;

pub use svg::{channel_svg, load_color, FigureState, MAX_DRAW_CHANNELS, MAX_DRAW_SWITCHES};
