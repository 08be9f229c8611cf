//! The formula language read into a tree, every error with the column it is at.
//!
//! Written by hand, not with a parser crate: the grammar is a dozen lines of arithmetic, and a
//! hand-written recursive descent gives the column and the words of each error directly (the
//! one thing the Lab's editor needs), with a depth limit so that 10,000 nested parentheses are
//! an error, not a stack overflow.
//!
//! ```text
//! formula := compare
//! compare := sum (("<" | "<=" | ">" | ">=" | "==" | "!=") sum)?
//! sum     := product (("+" | "-") product)*
//! product := unary (("*" | "/") unary)*
//! unary   := "-" unary | primary
//! primary := number | name | name "(" formula ("," formula)* ")" | "(" formula ")"
//!          | "pdb(" tile ("," tile)* ")"
//! ```

use super::{Feature, FormulaError, Function, Node, Op, TileTerm};

/// The longest formula read, in characters.
pub const MAX_FORMULA_CHARS: usize = 2_000;

/// The name of the pattern-table term.
pub const PDB: &str = "pdb";

/// The deepest nesting of parentheses, calls and signs.
pub const MAX_DEPTH: usize = 64;

/// Reads `text` into a tree.
pub(super) fn parse(text: &str) -> Result<Node, FormulaError> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() > MAX_FORMULA_CHARS {
        return Err(FormulaError::new(
            MAX_FORMULA_CHARS + 1,
            format!(
                "a formula is at most {MAX_FORMULA_CHARS} characters; this one has {}",
                chars.len()
            ),
        ));
    }
    let mut parser = Parser {
        chars,
        at: 0,
        depth: 0,
    };
    parser.skip_space();
    if parser.at == parser.chars.len() {
        return Err(FormulaError::new(
            1,
            "the formula is empty: write an estimate, such as `manhattan`",
        ));
    }
    let node = parser.compare()?;
    parser.skip_space();
    match parser.peek() {
        None => Ok(node),
        Some(c) => Err(parser.error(format!("expected an operator or the end, found `{c}`"))),
    }
}

struct Parser {
    chars: Vec<char>,
    at: usize,
    depth: usize,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
    }

    /// An error at the current character (columns count from 1).
    fn error(&self, message: String) -> FormulaError {
        FormulaError::new(self.at + 1, message)
    }

    /// Consumes `token` (after spaces) if it comes next.
    fn eat(&mut self, token: &str) -> bool {
        self.skip_space();
        let end = self.at + token.chars().count();
        if end <= self.chars.len() && self.chars[self.at..end].iter().copied().eq(token.chars()) {
            self.at = end;
            true
        } else {
            false
        }
    }

    fn deeper(&mut self) -> Result<(), FormulaError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error(format!("nested more than {MAX_DEPTH} deep")));
        }
        Ok(())
    }

    fn compare(&mut self) -> Result<Node, FormulaError> {
        let left = self.sum()?;
        // Two-character operators first.
        for (token, op) in [
            ("<=", Op::AtMost),
            (">=", Op::AtLeast),
            ("==", Op::Equal),
            ("!=", Op::NotEqual),
            ("<", Op::Less),
            (">", Op::Greater),
        ] {
            if self.eat(token) {
                let right = self.sum()?;
                return Ok(Node::Binary(op, Box::new(left), Box::new(right)));
            }
        }
        Ok(left)
    }

    fn sum(&mut self) -> Result<Node, FormulaError> {
        let mut left = self.product()?;
        loop {
            let op = if self.eat("+") {
                Op::Add
            } else if self.eat("-") {
                Op::Subtract
            } else {
                return Ok(left);
            };
            left = Node::Binary(op, Box::new(left), Box::new(self.product()?));
        }
    }

    fn product(&mut self) -> Result<Node, FormulaError> {
        let mut left = self.unary()?;
        loop {
            let op = if self.eat("*") {
                Op::Multiply
            } else if self.eat("/") {
                Op::Divide
            } else {
                return Ok(left);
            };
            left = Node::Binary(op, Box::new(left), Box::new(self.unary()?));
        }
    }

    fn unary(&mut self) -> Result<Node, FormulaError> {
        if self.eat("-") {
            self.deeper()?;
            let inner = self.unary()?;
            self.depth -= 1;
            return Ok(Node::Negate(Box::new(inner)));
        }
        self.primary()
    }

    fn primary(&mut self) -> Result<Node, FormulaError> {
        self.skip_space();
        let start = self.at;
        match self.peek() {
            Some('(') => {
                self.at += 1;
                self.deeper()?;
                let inner = self.compare()?;
                self.depth -= 1;
                if !self.eat(")") {
                    return Err(self.expected_here("`)` to close the `(` at column ", start));
                }
                Ok(inner)
            }
            Some(c) if c.is_ascii_digit() || c == '.' => self.number(),
            Some(c) if c.is_alphabetic() || c == '_' => {
                let name = self.name();
                self.skip_space();
                if self.peek() == Some('(') {
                    self.call(&name, start)
                } else {
                    Feature::from_name(&name)
                        .map(Node::Feature)
                        .ok_or_else(|| FormulaError::new(start + 1, unknown_name(&name)))
                }
            }
            Some(c) => Err(self.error(format!("expected a number, a name or `(`, found `{c}`"))),
            None => Err(self.error("expected a number, a name or `(`, found the end".to_string())),
        }
    }

    /// "expected `)` ..., found ..." with the opening's column.
    fn expected_here(&self, what: &str, opened: usize) -> FormulaError {
        let found = self
            .peek()
            .map_or("the end".to_string(), |c| format!("`{c}`"));
        self.error(format!("expected {what}{}, found {found}", opened + 1))
    }

    fn name(&mut self) -> String {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_alphanumeric() || c == '_') {
            self.at += 1;
        }
        self.chars[start..self.at].iter().collect::<String>()
    }

    fn number(&mut self) -> Result<Node, FormulaError> {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit() || c == '.') {
            self.at += 1;
        }
        let text: String = self.chars[start..self.at].iter().collect();
        match text.parse::<f64>() {
            Ok(value) if value.is_finite() => Ok(Node::Number(value)),
            _ => Err(FormulaError::new(
                start + 1,
                format!("`{}` is not a number", crate::error::excerpt(&text)),
            )),
        }
    }

    /// `name(` ... `)`: a function or a per-tile term.
    fn call(&mut self, name: &str, start: usize) -> Result<Node, FormulaError> {
        self.at += 1; // the `(`
        self.deeper()?;
        if let Some(term) = TileTerm::from_name(name) {
            self.skip_space();
            let column = self.at + 1;
            let tile = self.whole_number()?;
            if !self.eat(")") {
                return Err(self.expected_here("`)` to close the call at column ", start));
            }
            self.depth -= 1;
            return Ok(Node::Tile(term, tile, column));
        }
        if name == PDB {
            return self.pdb(start);
        }
        let Some(function) = Function::from_name(name) else {
            return Err(FormulaError::new(start + 1, unknown_name(name)));
        };
        let mut arguments = vec![self.compare()?];
        while self.eat(",") {
            arguments.push(self.compare()?);
        }
        if !self.eat(")") {
            return Err(self.expected_here("`,` or `)` to close the call at column ", start));
        }
        self.depth -= 1;
        let (least, most) = function.arity();
        if arguments.len() < least || arguments.len() > most {
            let wanted = if least == most {
                format!("{least}")
            } else if most == usize::MAX {
                format!("at least {least}")
            } else {
                format!("{least} to {most}")
            };
            return Err(FormulaError::new(
                start + 1,
                format!("`{name}` takes {wanted} values, not {}", arguments.len()),
            ));
        }
        Ok(Node::Call(function, arguments))
    }

    /// The tiles of `pdb(1, 2, 3)` after its `(`: distinct, not the blank.
    fn pdb(&mut self, start: usize) -> Result<Node, FormulaError> {
        let mut tiles = Vec::new();
        loop {
            self.skip_space();
            let column = self.at + 1;
            let tile = self.whole_number()?;
            if tile == 0 {
                return Err(FormulaError::new(
                    column,
                    "the blank (0) is not a tile of a pattern",
                ));
            }
            if tiles.contains(&tile) {
                return Err(FormulaError::new(
                    column,
                    format!("tile {tile} is already in this pattern"),
                ));
            }
            tiles.push(tile);
            if !self.eat(",") {
                break;
            }
        }
        if !self.eat(")") {
            return Err(self.expected_here("`,` or `)` to close the call at column ", start));
        }
        self.depth -= 1;
        Ok(Node::Pdb(tiles, start + 1))
    }

    /// A tile number: digits only.
    fn whole_number(&mut self) -> Result<u8, FormulaError> {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
        }
        let text: String = self.chars[start..self.at].iter().collect();
        text.parse::<u8>().map_err(|_| {
            let found = if text.is_empty() {
                self.peek()
                    .map_or("the end".to_string(), |c| format!("`{c}`"))
            } else {
                format!("`{}`", crate::error::excerpt(&text))
            };
            FormulaError::new(start + 1, format!("expected a tile number, found {found}"))
        })
    }
}

/// The words for a name the language does not know (short enough for one line of a message:
/// the names only, each explained in the module docs).
fn unknown_name(name: &str) -> String {
    let names: Vec<&str> = Feature::ALL
        .map(Feature::name)
        .into_iter()
        .chain(TileTerm::ALL.map(TileTerm::name))
        .chain([PDB])
        .chain(Function::ALL.map(Function::name))
        .collect();
    // A name is a word: 24 characters of it are enough to recognise.
    format!(
        "unknown `{}`; names: {}",
        crate::text::shortened(name, 24),
        names.join(", ")
    )
}
