//! The exact distance table of a small board's goal: built once per goal, after the page has
//! painted (a timeout), never inside the reducer or a render.

use std::rc::Rc;

use gloo_timers::callback::Timeout;
use puzzle_core::analysis::DistanceTable;
use puzzle_core::Board;
use yew::prelude::*;

use crate::insight::table_size;

/// The table for `goal` once built (`None` before, and for boards too big for one).
#[hook]
pub fn use_distance_table(goal: &Board) -> Option<Rc<DistanceTable>> {
    let table = use_state(|| None::<Rc<DistanceTable>>);
    {
        let table = table.clone();
        use_effect_with(goal.clone(), move |goal| {
            let wanted = table_size(goal.cells().len())
                && (*table).as_ref().is_none_or(|t| t.goal() != goal);
            let timer = wanted.then(|| {
                let goal = goal.clone();
                Timeout::new(20, move || {
                    if let Ok(built) = DistanceTable::build(&goal) {
                        table.set(Some(Rc::new(built)));
                    }
                })
            });
            move || drop(timer)
        });
    }
    (*table).clone()
}
