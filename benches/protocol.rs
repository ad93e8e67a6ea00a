//! The protocol's bounded replies, measured as a client meets them: a
//! position just loaded (nothing cached), then one request: "how many
//! plays" (`count`), "the 20 best plays" (`limit 20, sort score`), "the
//! plays at H8" (`filter "h8", limit 20`) and the unpaged `legal` (its
//! first page under the 1 MiB reply limit), on the Binary Scrabble
//! three-blank repro and the crate's worst cases
//! (binary-scrabble-core/tests/worst_cases.rs). The target is 200 ms a
//! reply. Every bench checks its reply first, so a fast wrong answer
//! cannot pass.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::{Value, json};
use tabletop::registry::protocol::Server;

/// (label, replay JSON) of each position: the seat to act holds blanks.
const POSITIONS: [(&str, &str); 4] = [
    (
        "repro three blanks (124 k plays)",
        include_str!("../binary-scrabble-core/tests/data/three_blanks_repro.json"),
    ),
    (
        "two blanks (1.18 M plays)",
        include_str!("../binary-scrabble-core/tests/data/default_two_blanks.json"),
    ),
    (
        "three blanks (2.71 M plays)",
        include_str!("../binary-scrabble-core/tests/data/default_three_blanks.json"),
    ),
    (
        "XOR left to right (1.90 M plays)",
        include_str!("../binary-scrabble-core/tests/data/xor_left_to_right.json"),
    ),
];

/// The requests measured, each after a fresh `load`.
fn requests() -> [(&'static str, Value); 4] {
    [
        ("count", json!({"cmd": "legal", "count": true})),
        (
            "best 20",
            json!({"cmd": "legal", "limit": 20, "sort": "score"}),
        ),
        (
            "filter h8, 20",
            json!({"cmd": "legal", "limit": 20, "filter": "h8"}),
        ),
        ("unpaged", json!({"cmd": "legal"})),
    ]
}

/// Loads `replay` into a fresh server, asks `request`, and checks the reply
/// is a success of at most 1 MiB.
fn ask(load: &str, request: &str) -> usize {
    let mut server = Server::new();
    let opened = server.handle_line(load);
    assert!(opened.contains(r#""ok":true"#), "{opened}");
    let reply = server.handle_line(request);
    assert!(reply.len() <= server.limits().max_reply_bytes);
    assert!(
        reply.contains(r#""ok":true"#),
        "{}",
        &reply[..reply.len().min(300)]
    );
    reply.len()
}

fn protocol(c: &mut Criterion) {
    let mut group = c.benchmark_group("protocol/legal");
    group.sample_size(10);
    for (label, replay) in POSITIONS {
        let load = json!({"cmd": "load", "replay": replay}).to_string();
        for (name, request) in requests() {
            let request = request.to_string();
            group.bench_function(format!("{label}: {name}"), |b| {
                b.iter(|| black_box(ask(&load, &request)));
            });
        }
        group.bench_function(format!("{label}: load only"), |b| {
            b.iter(|| {
                let mut server = Server::new();
                black_box(server.handle_line(&load).len())
            });
        });
    }
    group.finish();
}

criterion_group!(benches, protocol);
criterion_main!(benches);
