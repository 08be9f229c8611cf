//! The step-through controls: which step both columns show, whether it runs on its own and how
//! fast. Pure, so the rules are tested natively; the timer lives in the view.

use std::rc::Rc;

/// A speed of "run": a label, the timer's period in milliseconds and the steps per tick.
pub type Speed = (&'static str, u32, usize);

/// The speeds offered, slowest first.
pub const SPEEDS: [Speed; 5] = [
    ("2 steps/s", 500, 1),
    ("5 steps/s", 200, 1),
    ("20 steps/s", 50, 1),
    ("100 steps/s", 50, 5),
    ("500 steps/s", 50, 25),
];

/// The speed a new view starts with.
pub const DEFAULT_SPEED: usize = 1;

/// The controls' state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Control {
    /// Expansions shown in every column.
    pub step: usize,
    /// Whether it steps on its own.
    pub running: bool,
    /// Index into [`SPEEDS`].
    pub speed: usize,
}

impl Default for Control {
    fn default() -> Self {
        Control {
            step: 0,
            running: false,
            speed: DEFAULT_SPEED,
        }
    }
}

/// What the controls do. `available` is the most steps any trace has so far, `finished`
/// whether every trace is complete.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ControlAction {
    /// Forward by this many steps (as far as the traces go).
    Step(usize, usize),
    /// Back to step 0 (and stop).
    Restart,
    /// Start or stop running.
    Toggle,
    /// One timer tick while running.
    Tick {
        /// The most steps any trace has so far.
        available: usize,
        /// Whether every trace is complete.
        finished: bool,
    },
    /// Jump to the last step the traces have.
    ToEnd(usize),
    /// Pick a speed (index into [`SPEEDS`]).
    Speed(usize),
}

impl Control {
    /// The controls after `action`.
    pub fn after(self, action: ControlAction) -> Control {
        match action {
            ControlAction::Step(n, available) => Control {
                step: (self.step + n).min(available.max(self.step)),
                running: false,
                ..self
            },
            ControlAction::Restart => Control {
                step: 0,
                running: false,
                ..self
            },
            ControlAction::Toggle => Control {
                running: !self.running,
                ..self
            },
            ControlAction::Tick {
                available,
                finished,
            } => {
                let step = (self.step + SPEEDS[self.speed].2).min(available.max(self.step));
                Control {
                    step,
                    running: self.running && !(finished && step >= available),
                    ..self
                }
            }
            ControlAction::ToEnd(available) => Control {
                step: available.max(self.step),
                running: false,
                ..self
            },
            ControlAction::Speed(speed) => Control {
                speed: speed.min(SPEEDS.len() - 1),
                ..self
            },
        }
    }
}

impl yew::Reducible for Control {
    type Action = ControlAction;
    fn reduce(self: Rc<Self>, action: ControlAction) -> Rc<Self> {
        Rc::new(self.after(action))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_stop_where_the_traces_end_and_running_stops_at_the_end() {
        let mut c = Control::default();
        c = c.after(ControlAction::Step(10, 100));
        c = c.after(ControlAction::Step(10, 100));
        assert_eq!(c.step, 20);
        c = c.after(ControlAction::Step(10, 25));
        assert_eq!(c.step, 25);
        c = c
            .after(ControlAction::Speed(4))
            .after(ControlAction::Toggle);
        assert!(c.running);
        // Still streaming: it waits at the last step received.
        c = c.after(ControlAction::Tick {
            available: 30,
            finished: false,
        });
        assert_eq!((c.step, c.running), (30, true));
        c = c.after(ControlAction::Tick {
            available: 40,
            finished: true,
        });
        assert_eq!((c.step, c.running), (40, false));
        c = c.after(ControlAction::Restart);
        assert_eq!((c.step, c.running), (0, false));
        assert_eq!(c.after(ControlAction::ToEnd(664)).step, 664);
        assert_eq!(c.after(ControlAction::Speed(99)).speed, SPEEDS.len() - 1);
    }
}
