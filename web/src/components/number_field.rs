//! A whole-number field that never refuses silently: a value it will not use (negative,
//! fractional, in exponent form, too large, out of its range) is put back to the value in use,
//! with an inline error that quotes what was typed (at most a few dozen characters) and says
//! which value is still used.

use puzzle_core::error::excerpt;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// The value `text` stands for if it is a whole number from `min` to `max` (digits only, as a
/// person types it), else why not, quoting at most a few dozen characters of it.
pub fn parse_whole(text: &str, min: u64, max: u64) -> Result<u64, String> {
    let trimmed = text.trim();
    let range = format!("a whole number from {min} to {max}");
    if trimmed.is_empty() {
        return Err(format!("enter {range}"));
    }
    let shown = excerpt(trimmed);
    if !trimmed.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("`{shown}` is not {range}"));
    }
    match trimmed.parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(format!("`{shown}` is outside {min} to {max}")),
    }
}

/// Props of a number field.
#[derive(Properties, PartialEq)]
pub struct NumberFieldProps {
    /// The input's id (its error line is `{id}-error`).
    pub id: AttrValue,
    /// The label.
    pub label: AttrValue,
    /// The value in use.
    pub value: u64,
    /// The smallest value used.
    pub min: u64,
    /// The largest value used.
    pub max: u64,
    /// The input's class (its width).
    #[prop_or(AttrValue::Static("narrow"))]
    pub class: AttrValue,
    /// Receives each value the field will use.
    pub on_value: Callback<u64>,
}

/// A labelled number input with its inline error.
///
/// What is typed is held as a draft until the field is left: the page re-renders the field
/// whenever its parent renders (its callback is new each time), and a controlled input would
/// be put back to the value in use mid-typing, so that leaving it changed nothing and said
/// nothing (seen in e2e 17 when a worker message landed between typing and leaving).
#[function_component(NumberField)]
pub fn number_field(props: &NumberFieldProps) -> Html {
    let error = use_state(|| None::<String>);
    let draft = use_state(|| None::<String>);
    let oninput = {
        let draft = draft.clone();
        Callback::from(move |e: InputEvent| {
            draft.set(Some(e.target_unchecked_into::<HtmlInputElement>().value()));
        })
    };
    let onchange = {
        let (error, draft, on_value) = (error.clone(), draft.clone(), props.on_value.clone());
        let (min, max, value) = (props.min, props.max, props.value);
        Callback::from(move |e: Event| {
            let input = e.target_unchecked_into::<HtmlInputElement>();
            draft.set(None);
            match parse_whole(&input.value(), min, max) {
                Ok(n) => {
                    error.set(None);
                    on_value.emit(n);
                }
                Err(why) => {
                    // The field goes back to the value in use, and says so.
                    input.set_value(&value.to_string());
                    error.set(Some(format!("{why}; still using {value}.")));
                }
            }
        })
    };
    let shown = (*draft).clone().unwrap_or_else(|| props.value.to_string());
    let error_id = format!("{}-error", props.id);
    html! {
        <span class="number-field">
            <label>{ props.label.clone() }
                <input id={props.id.clone()} class={props.class.clone()} type="number"
                    min={props.min.to_string()} max={props.max.to_string()} step="1"
                    value={shown} {oninput} {onchange}
                    aria-invalid={error.is_some().to_string()}
                    aria-describedby={error.is_some().then(|| error_id.clone())} />
            </label>
            if let Some(why) = &*error {
                <span id={error_id} class="error field-error" role="alert">{ why.clone() }</span>
            }
        </span>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_whole_numbers_in_range_are_used_and_the_rest_say_why_briefly() {
        assert_eq!(parse_whole(" 42 ", 0, u64::MAX), Ok(42));
        assert_eq!(parse_whole("2", 2, 16), Ok(2));
        assert_eq!(
            parse_whole("18446744073709551615", 0, u64::MAX),
            Ok(u64::MAX)
        );
        for bad in ["-5", "1.5", "1e3", "abc", "0x10", "+3"] {
            let why = parse_whole(bad, 0, u64::MAX).unwrap_err();
            assert!(
                why.contains(&format!("`{bad}` is not a whole number")),
                "{why}"
            );
        }
        let why = parse_whole("18446744073709551616", 0, u64::MAX).unwrap_err();
        assert!(
            why.contains("is outside 0 to 18446744073709551615"),
            "{why}"
        );
        assert!(parse_whole("17", 2, 16)
            .unwrap_err()
            .contains("outside 2 to 16"));
        assert!(parse_whole("1", 2, 16).is_err());
        assert_eq!(
            parse_whole("  ", 1, 200).unwrap_err(),
            "enter a whole number from 1 to 200"
        );
        // A long paste is quoted short.
        let long = "9".repeat(1_000_000);
        let why = parse_whole(&long, 0, u64::MAX).unwrap_err();
        assert!(why.chars().count() < 120, "{}", why.len());
        assert!(why.contains('…'));
    }
}
