//! Bot spec strings: a name with optional parameters, `mcts(iters=2000,c=1.4)`.

use serde::Serialize;
use thiserror::Error;

use super::limits::cap_quote;

/// Why a bot spec could not be read or used.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize)]
#[serde(tag = "kind", content = "detail")]
pub enum SpecError {
    /// Nothing where a spec was expected.
    #[error("empty bot spec")]
    Empty,
    /// `name(...` without its `)`, or text after it.
    #[error("bot spec {spec:?}: expected `name` or `name(key=value,...)`")]
    Malformed {
        /// The spec.
        spec: String,
    },
    /// A parameter without `=`.
    #[error("bot spec {spec:?}: parameter {param:?} is not key=value")]
    NotKeyValue {
        /// The spec.
        spec: String,
        /// The parameter text.
        param: String,
    },
    /// The same key twice.
    #[error("bot {bot:?}: parameter {param:?} given twice")]
    Duplicate {
        /// The bot.
        bot: String,
        /// The key.
        param: String,
    },
    /// A key the bot does not take.
    #[error("bot {bot:?} takes no parameter {param:?}; it takes: {known}")]
    UnknownParam {
        /// The bot.
        bot: String,
        /// The key.
        param: String,
        /// What it takes (`-` for nothing).
        known: String,
    },
    /// A value of the wrong kind or range.
    #[error("bot {bot:?}: {param}={value:?} is not {expected}")]
    BadValue {
        /// The bot.
        bot: String,
        /// The key.
        param: String,
        /// The value given.
        value: String,
        /// What was expected.
        expected: &'static str,
    },
    /// A required parameter is missing.
    #[error("bot {bot:?} needs parameter {param:?}")]
    Missing {
        /// The bot.
        bot: String,
        /// The key.
        param: &'static str,
    },
    /// External programs may be started by the arena only, never from a
    /// network request (the serve protocol).
    #[error("bot {bot:?} starts a program; only the arena may run it")]
    ExecNotAllowed {
        /// The bot.
        bot: String,
    },
}

/// A parsed bot spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotSpec {
    /// The bot's name.
    pub name: String,
    /// `key=value` parameters in the order given.
    pub params: Vec<(String, String)>,
}

impl BotSpec {
    /// Reads `name` or `name(key=value,...)`; spaces around parts are ignored.
    ///
    /// # Errors
    /// A [`SpecError`] saying what is wrong.
    pub fn parse(text: &str) -> Result<Self, SpecError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(SpecError::Empty);
        }
        let malformed = || SpecError::Malformed {
            spec: cap_quote(text),
        };
        let Some(open) = text.find('(') else {
            if text.contains(')') {
                return Err(malformed());
            }
            return Ok(BotSpec {
                name: text.to_owned(),
                params: Vec::new(),
            });
        };
        let inner = text[open + 1..].strip_suffix(')').ok_or_else(malformed)?;
        let name = text[..open].trim();
        if name.is_empty() || inner.contains('(') || inner.contains(')') {
            return Err(malformed());
        }
        let mut params: Vec<(String, String)> = Vec::new();
        for part in inner.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (k, v) = part.split_once('=').ok_or_else(|| SpecError::NotKeyValue {
                spec: cap_quote(text),
                param: cap_quote(part),
            })?;
            let k = k.trim().to_owned();
            if params.iter().any(|(old, _)| *old == k) {
                return Err(SpecError::Duplicate {
                    bot: name.to_owned(),
                    param: cap_quote(&k),
                });
            }
            params.push((k, v.trim().to_owned()));
        }
        Ok(BotSpec {
            name: name.to_owned(),
            params,
        })
    }

    /// The value of `key`.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&str> {
        self.params
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Checks that every parameter is one of `known`.
    ///
    /// # Errors
    /// [`SpecError::UnknownParam`] for the first other one.
    pub fn only(&self, known: &[&str]) -> Result<(), SpecError> {
        match self
            .params
            .iter()
            .find(|(k, _)| !known.contains(&k.as_str()))
        {
            Some((k, _)) => Err(SpecError::UnknownParam {
                bot: cap_quote(&self.name),
                param: cap_quote(k),
                known: if known.is_empty() {
                    "-".into()
                } else {
                    known.join(", ")
                },
            }),
            None => Ok(()),
        }
    }

    /// The value of `key` parsed as `T`, or `None` when absent.
    ///
    /// # Errors
    /// [`SpecError::BadValue`] when it does not parse.
    pub fn parsed<T: std::str::FromStr>(
        &self,
        key: &str,
        expected: &'static str,
    ) -> Result<Option<T>, SpecError> {
        self.get(key)
            .map(|v| {
                v.parse::<T>().map_err(|_| SpecError::BadValue {
                    bot: cap_quote(&self.name),
                    param: key.to_owned(),
                    value: cap_quote(v),
                    expected,
                })
            })
            .transpose()
    }
}

/// Splits a comma-separated list of specs at the commas outside parentheses:
/// `random,mcts(iters=50,c=1),greedy` is three specs.
#[must_use]
pub fn split_specs(list: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut current = String::new();
    for c in list.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                out.push(std::mem::take(&mut current));
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    out.push(current);
    out.into_iter()
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_parameters() {
        let s = BotSpec::parse(" mcts( iters=2000 , c=1.4 ) ").unwrap();
        assert_eq!(s.name, "mcts");
        assert_eq!(s.get("iters"), Some("2000"));
        assert_eq!(s.parsed::<f64>("c", "a number").unwrap(), Some(1.4));
        assert_eq!(BotSpec::parse("random").unwrap().params, vec![]);
        assert_eq!(
            BotSpec::parse("exec(cmd=python3 bot.py)")
                .unwrap()
                .get("cmd"),
            Some("python3 bot.py")
        );
    }

    #[test]
    fn typed_errors() {
        assert_eq!(BotSpec::parse(""), Err(SpecError::Empty));
        assert!(matches!(
            BotSpec::parse("mcts(iters=5"),
            Err(SpecError::Malformed { .. })
        ));
        assert!(matches!(
            BotSpec::parse("mcts(iters)"),
            Err(SpecError::NotKeyValue { .. })
        ));
        assert!(matches!(
            BotSpec::parse("mcts(c=1,c=2)"),
            Err(SpecError::Duplicate { .. })
        ));
        let s = BotSpec::parse("mcts(depth=3)").unwrap();
        assert!(matches!(
            s.only(&["iters", "c"]),
            Err(SpecError::UnknownParam { .. })
        ));
        let s = BotSpec::parse("mcts(iters=many)").unwrap();
        assert!(matches!(
            s.parsed::<u32>("iters", "a count"),
            Err(SpecError::BadValue { .. })
        ));
    }

    #[test]
    fn lists_split_outside_parentheses() {
        assert_eq!(
            split_specs("random, mcts(iters=50,c=1),greedy"),
            vec!["random", "mcts(iters=50,c=1)", "greedy"]
        );
    }
}
