//! The picture worker's deadline: its answer, or nothing once the deadline has passed. Generic
//! over both futures, so that the rule is tested natively; the page passes the worker's reply
//! and a timer ([`super::client`]) and terminates the worker on `None`.

use std::future::Future;

use futures::future::{select, Either};

/// How long the picture worker may take to answer once it has the file, in milliseconds: a
/// phone draws a large photo in well under a second; what takes longer is refused.
pub const PICTURE_DEADLINE_MS: u32 = 2_000;

/// `work`'s output if it is ready no later than `deadline` (both ready at once: the work's), or
/// `None`.
pub async fn within<T>(
    work: impl Future<Output = T>,
    deadline: impl Future<Output = ()>,
) -> Option<T> {
    match select(Box::pin(work), Box::pin(deadline)).await {
        Either::Left((answer, _)) => Some(answer),
        Either::Right(((), _)) => None,
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;
    use std::rc::Rc;
    use std::task::Poll;

    use futures::executor::block_on;
    use futures::future::{pending, poll_fn, ready};

    use super::*;

    #[test]
    fn an_answer_before_the_deadline_is_taken() {
        assert_eq!(block_on(within(ready(7), pending())), Some(7));
        assert_eq!(
            block_on(within(ready(7), ready(()))),
            Some(7),
            "a tie goes to the answer"
        );
    }

    #[test]
    fn a_worker_that_never_answers_is_given_up_at_the_deadline() {
        assert_eq!(block_on(within(pending::<u8>(), ready(()))), None);
    }

    #[test]
    fn the_deadline_passing_first_wins_over_a_later_answer() {
        // The timer fires on its second look, the answer would come on its third.
        let looks = Rc::new(Cell::new(0));
        let counter = looks.clone();
        let work = poll_fn(move |cx| {
            counter.set(counter.get() + 1);
            cx.waker().wake_by_ref();
            if counter.get() >= 3 {
                Poll::Ready("drawn")
            } else {
                Poll::Pending
            }
        });
        let mut ticks = 0;
        let deadline = poll_fn(move |cx| {
            ticks += 1;
            cx.waker().wake_by_ref();
            if ticks >= 2 {
                Poll::Ready(())
            } else {
                Poll::Pending
            }
        });
        assert_eq!(block_on(within(work, deadline)), None);
        assert_eq!(looks.get(), 2, "the answer was not waited for");
    }
}
