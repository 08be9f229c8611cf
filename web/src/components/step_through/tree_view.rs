//! The search tree in SVG: expanded, open, skipped nodes and the solution path in different
//! styles, the node being expanded ringed and followed; pan by dragging, zoom with the wheel
//! or the buttons (all change the viewBox only), and a click on a node picks it.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Horizontal distance between two leaves, in SVG units.
pub const X_GAP: f64 = 26.0;
/// Vertical distance between two depths, in SVG units.
pub const Y_GAP: f64 = 48.0;
const RADIUS: f64 = 9.0;

/// A node to draw (positions in SVG units).
#[derive(Clone, Debug, PartialEq)]
pub struct DrawNode {
    /// Its id in the tree.
    pub id: usize,
    /// Centre.
    pub x: f64,
    /// Centre.
    pub y: f64,
    /// The parent's centre, if drawn.
    pub parent: Option<(f64, f64)>,
    /// CSS classes (its state, "path", "current", "picked").
    pub class: String,
    /// The number written in it (f), if any.
    pub label: String,
    /// The tooltip.
    pub title: String,
}

/// Props of the tree view.
#[derive(Properties, PartialEq)]
pub struct TreeProps {
    /// The nodes of the drawn window.
    pub nodes: Rc<Vec<DrawNode>>,
    /// Called with the id of a clicked node.
    pub on_pick: Callback<usize>,
    /// Nodes in the whole tree (the drawn window may be fewer).
    pub total: usize,
    /// Where the node being expanded is drawn (followed unless the whole tree is framed).
    pub focus: Option<(f64, f64)>,
}

/// Pan (in SVG units from the framed centre), zoom (1 = framed) and what is framed: the
/// neighbourhood of the node being expanded (followed as the search goes on) or the whole
/// drawn window.
#[derive(Clone, Copy, Debug, PartialEq)]
struct View {
    dx: f64,
    dy: f64,
    zoom: f64,
    whole: bool,
}

const FOLLOW: View = View {
    dx: 0.0,
    dy: 0.0,
    zoom: 1.0,
    whole: false,
};

/// Leaves and depths framed around the followed node: nodes stay readable on a projector.
const FOLLOW_LEAVES: f64 = 10.0;
const FOLLOW_DEPTHS: f64 = 5.0;

/// The tree view.
#[function_component(TreeView)]
pub fn tree_view(props: &TreeProps) -> Html {
    let view = use_state(|| FOLLOW);
    let svg_ref = use_node_ref();
    let v = *view;
    let (x0, y0, w, h) = frame(&props.nodes, props.focus, v);
    let view_box = format!("{x0:.1} {y0:.1} {w:.1} {h:.1}");
    let pan = use_pan(view.clone(), svg_ref.clone(), (w, h), props.on_pick.clone());
    let on_zoom = {
        let view = view.clone();
        Callback::from(move |factor: f64| zoom(&view, factor))
    };
    let on_frame = Callback::from(move |whole: bool| view.set(View { whole, ..FOLLOW }));
    html! {
        <div class="tree-view">
            { tree_tools(&ToolsProps { whole: v.whole, drawn: props.nodes.len(), total: props.total, on_zoom, on_frame }) }
            <svg ref={svg_ref} class="tree" viewBox={view_box} preserveAspectRatio="xMidYMid meet"
                role="img" aria-label="search tree"
                onwheel={pan.on_wheel} onpointerdown={pan.on_down} onpointermove={pan.on_move}
                onpointerup={pan.on_up.clone()} onpointerleave={pan.on_up} onclick={pan.on_click}>
                { tree_marks(&props.nodes) }
            </svg>
        </div>
    }
}

/// The framed box of the drawing, as (left, top, width, height) in SVG units: the whole drawn
/// window, or the neighbourhood of `focus` (kept inside the drawing), then panned and zoomed.
fn frame(nodes: &[DrawNode], focus: Option<(f64, f64)>, v: View) -> (f64, f64, f64, f64) {
    let (mut min_x, mut max_x, mut max_y) = (f64::MAX, f64::MIN, 0.0f64);
    for n in nodes {
        min_x = min_x.min(n.x);
        max_x = max_x.max(n.x);
        max_y = max_y.max(n.y);
    }
    if nodes.is_empty() {
        (min_x, max_x) = (0.0, 0.0);
    }
    let pad = 2.0 * RADIUS;
    let (all_w, all_h) = (max_x - min_x + 2.0 * pad, max_y + 2.0 * pad);
    // The framed box and its centre.
    let (frame_w, frame_h, cx, cy) = match focus {
        Some((fx, fy)) if !v.whole => {
            let w = all_w.clamp(6.0 * X_GAP, FOLLOW_LEAVES * X_GAP);
            let h = all_h.clamp(2.0 * Y_GAP, FOLLOW_DEPTHS * Y_GAP);
            // Centred on the node, but not past the drawing's edges.
            let clamp = |c: f64, half: f64, lo: f64, hi: f64| {
                if hi - lo <= 2.0 * half {
                    (lo + hi) / 2.0
                } else {
                    c.clamp(lo + half, hi - half)
                }
            };
            (
                w,
                h,
                clamp(fx, w / 2.0, min_x - pad, max_x + pad),
                clamp(fy, h / 2.0, -pad, max_y + pad),
            )
        }
        _ => (
            all_w.max(6.0 * X_GAP),
            all_h.max(2.0 * Y_GAP),
            (min_x + max_x) / 2.0,
            max_y / 2.0,
        ),
    };
    let (w, h) = (frame_w / v.zoom, frame_h / v.zoom);
    (cx + v.dx - w / 2.0, cy + v.dy - h / 2.0, w, h)
}

/// Multiplies the zoom by `factor`, within 0.25 to 40.
fn zoom(view: &UseStateHandle<View>, factor: f64) {
    let v = **view;
    view.set(View {
        zoom: (v.zoom * factor).clamp(0.25, 40.0),
        ..v
    });
}

/// Props of the tree's tool row.
struct ToolsProps {
    /// Whether the whole tree is framed (else the node being expanded is followed).
    whole: bool,
    /// Nodes drawn.
    drawn: usize,
    /// Nodes in the whole tree.
    total: usize,
    /// Called with a zoom factor.
    on_zoom: Callback<f64>,
    /// Called with whether to frame the whole tree.
    on_frame: Callback<bool>,
}

/// The zoom and framing buttons, and how many nodes are drawn.
fn tree_tools(props: &ToolsProps) -> Html {
    let zoom_by = |factor: f64| props.on_zoom.reform(move |_: MouseEvent| factor);
    let frame = |whole: bool| props.on_frame.reform(move |_: MouseEvent| whole);
    let (drawn, total) = (props.drawn, props.total);
    html! {
        <div class="tree-tools">
            <button onclick={zoom_by(1.5)} aria-label="zoom in">{ "+" }</button>
            <button onclick={zoom_by(1.0 / 1.5)} aria-label="zoom out">{ "−" }</button>
            <button onclick={frame(false)} aria-pressed={(!props.whole).to_string()}
                title="frame the node being expanded">{ "Follow" }</button>
            <button onclick={frame(true)} aria-pressed={props.whole.to_string()}>{ "Whole tree" }</button>
            <span class="muted small-print">
                { if drawn < total {
                    format!("newest {drawn} of {total} nodes drawn")
                } else {
                    format!("{total} nodes")
                } }
            </span>
        </div>
    }
}

/// The edges, then the nodes, of the drawn window.
fn tree_marks(nodes: &[DrawNode]) -> Html {
    let edges = nodes.iter().filter_map(|n| {
        let (px, py) = n.parent?;
        html! {
            <line class={format!("edge {}", n.class)} x1={format!("{px:.1}")} y1={format!("{py:.1}")}
                x2={format!("{:.1}", n.x)} y2={format!("{:.1}", n.y)} />
        }
        .into()
    });
    let marks = nodes.iter().map(|n| {
        html! {
            <g class={format!("node {}", n.class)} data-node={n.id.to_string()}
                transform={format!("translate({:.1} {:.1})", n.x, n.y)}>
                <title>{ &n.title }</title>
                <circle r={RADIUS.to_string()} />
                <text text-anchor="middle" dy="0.35em">{ &n.label }</text>
            </g>
        }
    });
    html! { <>{ for edges }{ for marks }</> }
}

/// The drawing's pointer handlers: wheel zoom, drag to pan, click to pick a node.
struct Pan {
    on_wheel: Callback<WheelEvent>,
    on_down: Callback<PointerEvent>,
    on_move: Callback<PointerEvent>,
    on_up: Callback<PointerEvent>,
    on_click: Callback<MouseEvent>,
}

/// The pointer handlers of a drawing framed as `w` × `h` SVG units; a click that ends a drag
/// picks nothing.
#[hook]
fn use_pan(
    view: UseStateHandle<View>,
    svg_ref: NodeRef,
    size: (f64, f64),
    on_pick: Callback<usize>,
) -> Pan {
    let (w, h) = size;
    // Where a drag started (pointer x, y and the view then), and whether it moved.
    let drag = use_mut_ref(|| None::<(i32, i32, View)>);
    let moved = use_mut_ref(|| false);
    // SVG units per screen pixel (the drawing is fitted inside the element).
    let units_per_px = move || {
        svg_ref
            .cast::<web_sys::Element>()
            .map(|e| {
                let (cw, ch) = (f64::from(e.client_width()), f64::from(e.client_height()));
                if cw > 0.0 && ch > 0.0 {
                    (w / cw).max(h / ch)
                } else {
                    1.0
                }
            })
            .unwrap_or(1.0)
    };
    let on_wheel = {
        let view = view.clone();
        Callback::from(move |e: WheelEvent| {
            e.prevent_default();
            zoom(&view, if e.delta_y() < 0.0 { 1.2 } else { 1.0 / 1.2 });
        })
    };
    let on_down = {
        let (drag, moved, view) = (drag.clone(), moved.clone(), view.clone());
        Callback::from(move |e: PointerEvent| {
            *drag.borrow_mut() = Some((e.client_x(), e.client_y(), *view));
            *moved.borrow_mut() = false;
        })
    };
    let on_move = {
        let (drag, moved) = (drag.clone(), moved.clone());
        Callback::from(move |e: PointerEvent| {
            let Some((x0, y0, start)) = *drag.borrow() else {
                return;
            };
            let (dx, dy) = (e.client_x() - x0, e.client_y() - y0);
            if dx.abs() + dy.abs() < 4 && !*moved.borrow() {
                return;
            }
            *moved.borrow_mut() = true;
            let scale = units_per_px();
            view.set(View {
                dx: start.dx - f64::from(dx) * scale,
                dy: start.dy - f64::from(dy) * scale,
                ..start
            });
        })
    };
    let on_up = Callback::from(move |_: PointerEvent| *drag.borrow_mut() = None);
    let on_click = Callback::from(move |e: MouseEvent| {
        if *moved.borrow() {
            return;
        }
        let id = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("[data-node]").ok().flatten())
            .and_then(|el| el.get_attribute("data-node"))
            .and_then(|id| id.parse().ok());
        if let Some(id) = id {
            on_pick.emit(id);
        }
    });
    Pan {
        on_wheel,
        on_down,
        on_move,
        on_up,
        on_click,
    }
}
