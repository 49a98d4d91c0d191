//! SVG figures, drawn the same way for the page and the CLI's `--svg`. The page replaces the
//! figure when the state changes; JS only reads the `data-*` ids back on a click.

mod overview;
mod svg;

pub use overview::{overview_svg, OVERVIEW_MIN_SWITCHES};
pub use svg::{
    channel_svg, figure, load_color, Figure, FigureState, MAX_DRAW_CHANNELS, MAX_DRAW_SWITCHES,
};
