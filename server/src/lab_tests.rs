//! Bad input over the WebSocket: each gets a clear error reply, nothing
//! else changes, and the server keeps serving. A real server on
//! 127.0.0.1 and a real WebSocket client.

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tabletop::registry::protocol::Server;
use tokio_tungstenite::tungstenite::Message;

use crate::lab::{DEFAULT_LIMITS, WebLimits, router};

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

const SMALL: WebLimits = WebLimits {
    max_message_bytes: 4096,
    max_sessions: 3,
    max_connections: 4,
    ..DEFAULT_LIMITS
};

async fn start(limits: WebLimits) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router(limits, Vec::new())).await });
    addr
}

async fn connect(addr: SocketAddr) -> Socket {
    tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .unwrap()
        .0
}

/// Sends one message and reads the reply.
async fn ask(socket: &mut Socket, text: &str) -> Value {
    socket.send(Message::text(text)).await.unwrap();
    loop {
        match socket.next().await.unwrap().unwrap() {
            Message::Text(reply) => return serde_json::from_str(&reply).unwrap(),
            Message::Ping(_) | Message::Pong(_) | Message::Frame(_) => {}
            other @ (Message::Binary(_) | Message::Close(_)) => panic!("unexpected {other:?}"),
        }
    }
}

fn kind(reply: &Value) -> &str {
    reply["error"]["kind"].as_str().unwrap_or("")
}

#[tokio::test]
async fn replies_are_the_protocols_own() {
    let addr = start(DEFAULT_LIMITS).await;
    let mut socket = connect(addr).await;
    let mut direct = Server::new();
    let requests = [
        json!({"id": 1, "cmd": "new", "game": "high-card", "seed": "42"}),
        json!({"id": 2, "cmd": "observe", "viewer": 0}),
        json!({"id": 3, "cmd": "legal"}),
        json!({"id": 4, "cmd": "act", "seat": 0, "action": "Bet"}),
        json!({"id": 5, "cmd": "picture", "viewer": 1}),
    ];
    for request in requests {
        let text = request.to_string();
        let over_ws = ask(&mut socket, &text).await;
        let local: Value = serde_json::from_str(&direct.handle_line(&text)).unwrap();
        assert_eq!(over_ws, local, "{text}");
    }
}

#[tokio::test]
async fn not_json_gets_an_error_and_the_session_is_unchanged() {
    let addr = start(SMALL).await;
    let mut socket = connect(addr).await;
    let opened = ask(&mut socket, r#"{"cmd":"new","game":"pig","seed":"3"}"#).await;
    let reply = ask(&mut socket, "this is not json").await;
    assert_eq!(reply["ok"], false);
    assert_eq!(kind(&reply), "BadRequest");
    assert!(
        reply["error"]["message"]
            .as_str()
            .unwrap()
            .contains("not JSON")
    );
    let binary = {
        socket
            .send(Message::binary(vec![0xff, 0xfe, 0x00]))
            .await
            .unwrap();
        match socket.next().await.unwrap().unwrap() {
            Message::Text(t) => serde_json::from_str::<Value>(&t).unwrap(),
            other @ (Message::Binary(_)
            | Message::Ping(_)
            | Message::Pong(_)
            | Message::Close(_)
            | Message::Frame(_)) => panic!("unexpected {other:?}"),
        }
    };
    assert_eq!(kind(&binary), "BadRequest");
    let legal = ask(&mut socket, r#"{"cmd":"legal"}"#).await;
    assert_eq!(legal["version"], opened["version"]);
    assert_eq!(legal["step"], opened["step"]);
}

#[tokio::test]
async fn a_message_too_large_is_refused_and_the_connection_goes_on() {
    let addr = start(SMALL).await;
    let mut socket = connect(addr).await;
    let big = format!(r#"{{"cmd":"games","pad":"{}"}}"#, "x".repeat(5000));
    let reply = ask(&mut socket, &big).await;
    assert_eq!(kind(&reply), "BadRequest");
    assert!(
        reply["error"]["message"]
            .as_str()
            .unwrap()
            .contains("at most 4096"),
        "{reply}"
    );
    let games = ask(&mut socket, r#"{"cmd":"games"}"#).await;
    assert_eq!(games["ok"], true);
    // Far over the limit, the socket itself is closed (1009), and the
    // server goes on serving others.
    let huge = "x".repeat(SMALL.max_message_bytes * 5);
    let _ = socket.send(Message::text(huge)).await;
    let closed = loop {
        match socket.next().await {
            None | Some(Err(_)) => break true,
            Some(Ok(Message::Close(_))) => break true,
            Some(Ok(Message::Text(_))) => break false,
            Some(Ok(
                Message::Binary(_) | Message::Ping(_) | Message::Pong(_) | Message::Frame(_),
            )) => {}
        }
    };
    assert!(closed);
    let mut other = connect(addr).await;
    assert_eq!(ask(&mut other, r#"{"cmd":"games"}"#).await["ok"], true);
}

#[tokio::test]
async fn an_unknown_command_gets_an_error() {
    let addr = start(SMALL).await;
    let mut socket = connect(addr).await;
    let reply = ask(&mut socket, r#"{"id":"x","cmd":"format_disk"}"#).await;
    assert_eq!(kind(&reply), "BadRequest");
    assert_eq!(reply["id"], "x");
    assert!(
        reply["error"]["message"]
            .as_str()
            .unwrap()
            .contains("format_disk")
    );
}

#[tokio::test]
async fn a_flood_of_new_stops_at_the_session_limit_of_its_connection() {
    let addr = start(SMALL).await;
    let mut socket = connect(addr).await;
    let mut refused = 0;
    for seed in 0..20 {
        let reply = ask(
            &mut socket,
            &json!({"cmd": "new", "game": "pig", "seed": seed.to_string()}).to_string(),
        )
        .await;
        if reply["ok"] == false {
            assert_eq!(kind(&reply), "BadRequest");
            assert!(
                reply["error"]["message"]
                    .as_str()
                    .unwrap()
                    .contains("at most 3 sessions")
            );
            refused += 1;
        }
    }
    assert_eq!(refused, 17);
    // The last session opened is still the current one and unchanged.
    let legal = ask(&mut socket, r#"{"cmd":"legal"}"#).await;
    assert_eq!(legal["session"], 2);
    // Another connection has its own sessions.
    let mut other = connect(addr).await;
    let reply = ask(&mut other, r#"{"cmd":"new","game":"pig"}"#).await;
    assert_eq!(reply["ok"], true);
    assert_eq!(reply["session"], 0);
}

#[tokio::test]
async fn connections_past_the_limit_are_refused() {
    let limits = WebLimits {
        max_connections: 2,
        ..SMALL
    };
    let addr = start(limits).await;
    let mut first = connect(addr).await;
    let _second = connect(addr).await;
    let third = tokio_tungstenite::connect_async(format!("ws://{addr}/ws")).await;
    match third {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 503);
        }
        other => panic!("a third connection was served: {:?}", other.map(|_| ())),
    }
    // The first still works; closing it frees a place.
    assert_eq!(ask(&mut first, r#"{"cmd":"games"}"#).await["ok"], true);
    first.close(None).await.unwrap();
    drop(first);
    let mut again = None;
    for _ in 0..100 {
        if let Ok((s, _)) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws")).await {
            again = Some(s);
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let mut again = again.expect("a freed place is served again");
    assert_eq!(ask(&mut again, r#"{"cmd":"games"}"#).await["ok"], true);
}

#[tokio::test]
async fn an_idle_connection_is_closed() {
    let limits = WebLimits {
        idle: Duration::from_millis(200),
        ..SMALL
    };
    let addr = start(limits).await;
    let mut socket = connect(addr).await;
    let end = socket.next().await;
    match end {
        Some(Ok(Message::Close(Some(frame)))) => assert_eq!(frame.reason.as_str(), "idle too long"),
        other => panic!("expected a close frame, got {other:?}"),
    }
}

#[tokio::test]
async fn a_page_of_another_site_may_not_connect() {
    let addr = start(SMALL).await;
    let mut request =
        tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(format!(
            "ws://{addr}/ws"
        ))
        .unwrap();
    request
        .headers_mut()
        .insert("Origin", "http://evil.example".parse().unwrap());
    match tokio_tungstenite::connect_async(request).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 403);
        }
        other => panic!("a cross-origin page connected: {:?}", other.map(|_| ())),
    }
}
