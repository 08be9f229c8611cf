//! The Copy link button beside the board (and in Make & share), and what came of the last press: "Link copied", or
//! where the browser refused, the link in a field to copy by hand.

use yew::prelude::*;

use crate::hooks::copy_link::{Copied, CopyLink};

/// Props of the Copy link button.
#[derive(Properties, PartialEq)]
pub struct CopyLinkProps {
    /// The press and its outcome (`hooks/copy_link.rs`).
    pub link: CopyLink,
    /// Put before its ids where the page shows a second one (`share-` in Make & share), so
    /// that each id names one element.
    #[prop_or_default]
    pub prefix: &'static str,
}

/// The Copy link button and its outcome.
#[function_component(CopyLinkButton)]
pub fn copy_link_button(props: &CopyLinkProps) -> Html {
    let onclick = props.link.copy.reform(|_: MouseEvent| ());
    let select_all = Callback::from(|e: FocusEvent| {
        e.target_unchecked_into::<web_sys::HtmlInputElement>()
            .select()
    });
    let id = |name: &str| format!("{}{name}", props.prefix);
    html! {
        <span class="copy-link">
            <button id={id("copy-link")} {onclick} title="Copy a link to this board and goal">{ "Copy link" }</button>
            <span role="status" class="copy-outcome">
                { match &props.link.copied {
                    Some(Copied::Done) => html! { <span id={id("link-copied")}>{ "Link copied." }</span> },
                    Some(Copied::Refused(link)) => html! {
                        <label id={id("link-refused")}>{ "The browser did not allow copying: copy the link from here " }
                            <input id={id("link-field")} readonly=true value={link.clone()} onfocus={select_all} />
                        </label>
                    },
                    None => Html::default(),
                } }
            </span>
        </span>
    }
}
