//! Small edits of JSON trees, steered by the fuzzer's bytes.
//!
//! Flipping bytes of JSON text mostly breaks the syntax, so the parser
//! refuses it and the game never sees it. These edits keep the text well
//! formed and change one number, flag, string, list or field, which is what
//! makes a config, action, state or replay *almost* valid: the inputs that
//! test a game's own validation.

use serde_json::Value;

use crate::Input;

/// Numbers worth trying at the edges of the integer types the games use.
const EXTREMES: [i128; 12] = [
    0,
    1,
    2,
    -1,
    255,
    256,
    65_535,
    65_536,
    4_294_967_295,
    4_294_967_296,
    9_223_372_036_854_775_807,
    18_446_744_073_709_551_615,
];

/// Which nodes an edit applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Number,
    Bool,
    String,
    Array,
    Object,
}

fn kind_of(v: &Value) -> Option<Kind> {
    match v {
        Value::Null => None,
        Value::Bool(_) => Some(Kind::Bool),
        Value::Number(_) => Some(Kind::Number),
        Value::String(_) => Some(Kind::String),
        Value::Array(_) => Some(Kind::Array),
        Value::Object(_) => Some(Kind::Object),
    }
}

/// How many nodes of `kind` the tree holds.
fn count(v: &Value, kind: Kind) -> usize {
    let here = usize::from(kind_of(v) == Some(kind));
    here + match v {
        Value::Array(items) => items.iter().map(|x| count(x, kind)).sum(),
        Value::Object(map) => map.values().map(|x| count(x, kind)).sum(),
        Value::Null | Value::Bool(_) | Value::Number(_) | Value::String(_) => 0,
    }
}

/// The `n`-th node of `kind` in document order.
fn nth<'v>(v: &'v mut Value, kind: Kind, n: &mut usize) -> Option<&'v mut Value> {
    if kind_of(v) == Some(kind) {
        if *n == 0 {
            return Some(v);
        }
        *n -= 1;
    }
    match v {
        Value::Array(items) => items.iter_mut().find_map(|x| nth(x, kind, n)),
        Value::Object(map) => map.values_mut().find_map(|x| nth(x, kind, n)),
        Value::Null | Value::Bool(_) | Value::Number(_) | Value::String(_) => None,
    }
}

/// A node of `kind` chosen by the bytes, if the tree has one.
fn pick<'v>(v: &'v mut Value, kind: Kind, input: &mut Input<'_>) -> Option<&'v mut Value> {
    let total = count(v, kind);
    if total == 0 {
        return None;
    }
    let mut n = input.below(total);
    nth(v, kind, &mut n)
}

/// Every string of the tree (variant names, seeds as text), for swaps.
fn strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(items) => items.iter().for_each(|x| strings(x, out)),
        Value::Object(map) => {
            for (k, x) in map {
                out.push(k.clone());
                strings(x, out);
            }
        }
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
}

fn number(n: i128) -> Value {
    if let Ok(i) = i64::try_from(n) {
        Value::from(i)
    } else if let Ok(u) = u64::try_from(n) {
        Value::from(u)
    } else {
        Value::Null
    }
}

/// Applies one edit chosen by the bytes to `v`. The tree stays valid JSON;
/// whether it still describes a value is for the reader to judge.
pub fn mutate(v: &mut Value, input: &mut Input<'_>) {
    let edit = input.byte() % 10;
    match edit {
        // A number shifted by a little, so it still parses as its type.
        0..=2 => {
            let delta = i128::from(input.byte() as i8);
            if let Some(x) = pick(v, Kind::Number, input) {
                let old = x.as_i64().map(i128::from).or(x.as_u64().map(i128::from));
                if let Some(old) = old {
                    *x = number(old + delta);
                }
            }
        }
        3 => {
            let extreme = EXTREMES[input.below(EXTREMES.len())];
            if let Some(x) = pick(v, Kind::Number, input) {
                *x = number(extreme);
            }
        }
        4 => {
            if let Some(Value::Bool(b)) = pick(v, Kind::Bool, input) {
                *b = !*b;
            }
        }
        5 => {
            let mut all = Vec::new();
            strings(v, &mut all);
            let replacement = if all.is_empty() {
                String::new()
            } else {
                all.swap_remove(input.below(all.len()))
            };
            if let Some(x) = pick(v, Kind::String, input) {
                *x = Value::String(replacement);
            }
        }
        // A list one shorter, one longer (an entry repeated) or reordered.
        6 => {
            if let Some(Value::Array(items)) = pick(v, Kind::Array, input)
                && !items.is_empty()
            {
                items.remove(input.below(items.len()));
            }
        }
        7 => {
            if let Some(Value::Array(items)) = pick(v, Kind::Array, input)
                && !items.is_empty()
            {
                let copy = items[input.below(items.len())].clone();
                items.insert(input.below(items.len() + 1), copy);
            }
        }
        8 => {
            if let Some(Value::Array(items)) = pick(v, Kind::Array, input)
                && !items.is_empty()
            {
                let (a, b) = (input.below(items.len()), input.below(items.len()));
                items.swap(a, b);
            }
        }
        // A field dropped (it takes its default, or the reader refuses).
        _ => {
            if let Some(Value::Object(map)) = pick(v, Kind::Object, input)
                && !map.is_empty()
            {
                let key = map.keys().nth(input.below(map.len())).cloned();
                if let Some(key) = key {
                    map.remove(&key);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::mutate;
    use crate::Input;

    #[test]
    fn edits_keep_json_and_change_one_thing() {
        let base = json!({"a": [1, 2, 3], "b": true, "c": "x"});
        // Shift the second number by -1.
        let mut v = base.clone();
        mutate(&mut v, &mut Input::new(&[0, 0xff, 1]));
        assert_eq!(v, json!({"a": [1, 1, 3], "b": true, "c": "x"}));
        // Flip the only bool.
        let mut v = base.clone();
        mutate(&mut v, &mut Input::new(&[4, 0]));
        assert_eq!(v["b"], json!(false));
        // Drop the third entry of the only list.
        let mut v = base;
        mutate(&mut v, &mut Input::new(&[6, 0, 2]));
        assert_eq!(v["a"], json!([1, 2]));
    }
}
