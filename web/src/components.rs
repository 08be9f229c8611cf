//! The page's parts. Each takes only the values it shows (narrow, `PartialEq` props, so Yew
//! skips it when they did not change) and a dispatcher or stable callbacks; none does I/O.

pub mod answers;
pub mod board;
pub mod charts;
pub mod coach;
pub mod copy_link;
pub mod experiment;
pub mod experiment_chart;
pub mod generator;
pub mod header;
pub mod how_to;
pub mod lab;
pub mod lesson;
pub mod mini;
pub mod number_field;
pub mod picture;
pub mod play;
pub mod playback;
pub mod race;
pub mod result;
pub mod review;
pub mod select;
pub mod setup;
pub mod solve;
pub mod solve_tables;
pub mod step_through;
pub mod tabs;
pub mod term;
pub mod theme;
pub mod toolbar;
