//! Two `tabletop server` processes on one PostgreSQL database: a seat on
//! each plays one match to the end, every move reaching the other
//! instance's socket through the database, and the two instances can never
//! both write one move. Needs a database: `server/ci-postgres.sh` starts a
//! throwaway cluster and runs this test with `--ignored`.

mod common;

use std::net::SocketAddr;

use common::{
    Client, check_frames_against_replay, create, free_port, join, pick, replay, start_server,
};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: run by server/ci-postgres.sh"]
async fn two_instances_share_one_match_through_postgres() {
    let db = std::env::var("TABLETOP_TEST_POSTGRES")
        .expect("TABLETOP_TEST_POSTGRES names the throwaway database");
    let dir = std::env::temp_dir().join(format!("tabletop-pg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let a: SocketAddr = format!("127.0.0.1:{}", free_port()).parse().unwrap();
    let b: SocketAddr = format!("127.0.0.1:{}", free_port()).parse().unwrap();
    let _first = start_server(a, &db, &dir.join("a.log")).await;
    let _second = start_server(b, &db, &dir.join("b.log")).await;

    for (game, config) in [
        ("market-island", json!({"seats": 2})),
        ("moon", common::moon_competitive()),
    ] {
        // Made on A, seat 0 joins on A and seat 1 on B.
        let id = create(a, game, &config, 2).await;
        let t0 = join(a, &id, 0).await;
        let t1 = join(b, &id, 1).await;
        let mut seats = [
            Client::connect(a, &id, Some(&t0), Some(0)).await,
            Client::connect(b, &id, Some(&t1), Some(1)).await,
        ];
        // The same seat twice, once on each instance: both send move N at
        // once, and the unique key lets exactly one through.
        let mut twins = [
            Client::connect(a, &id, Some(&t0), Some(0)).await,
            Client::connect(b, &id, Some(&t0), Some(0)).await,
        ];
        for c in seats.iter_mut().chain(twins.iter_mut()) {
            c.update_at(0).await;
        }
        let mut version = 0u64;
        let mut raced = false;
        for turn in 0..5000usize {
            let last = seats[0].last().clone();
            if last["status"] == "over" {
                break;
            }
            let seat = last["to_act"]["seat"].as_u64().unwrap() as usize;
            let action = pick(seats[seat].last(), turn * 3 + 1);
            if seat == 0 && !raced {
                raced = true;
                for t in &mut twins {
                    t.send(
                        &json!({"cmd": "act", "id": "race", "version": version, "action": action}),
                    )
                    .await;
                }
                let answers = [twins[0].reply("race").await, twins[1].reply("race").await];
                let acks = answers.iter().filter(|r| r["type"] == "ack").count();
                let stale = answers
                    .iter()
                    .filter(|r| r["error"]["kind"] == "Stale")
                    .count();
                assert_eq!((acks, stale), (1, 1), "{game}: {answers:?}");
            } else {
                let tag = format!("t{turn}");
                seats[seat]
                    .send(&json!({"cmd": "act", "id": tag, "version": version, "action": action}))
                    .await;
                let ack = seats[seat].reply(&tag).await;
                assert_eq!(ack["type"], "ack", "{game}: {ack}");
            }
            version += 1;
            // Each seat hears of the move on its own instance.
            for c in &mut seats {
                c.update_at(version).await;
            }
        }
        assert!(raced, "{game}: seat 0 moved at least once");
        assert_eq!(seats[0].last()["status"], "over", "{game}");
        assert_eq!(seats[1].last()["status"], "over", "{game}");
        let replay = replay(b, &id).await;
        tabletop::registry::find(game)
            .unwrap()
            .load_replay(&replay.to_string())
            .expect("the replay verifies");
        for c in &seats {
            check_frames_against_replay(c, &replay);
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}
