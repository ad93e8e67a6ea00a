-- The match server's tables (docs/server.md). Portable SQL: the same file
-- runs on SQLite and PostgreSQL. Times are Unix milliseconds.

CREATE TABLE matches (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    -- The session seed as decimal text (a u64 does not fit a signed BIGINT);
    -- never sent to a seat before the match is over.
    seed TEXT NOT NULL,
    -- JSON: the match settings (absent policy, spectators, hints).
    settings TEXT NOT NULL,
    -- open, playing or over.
    status TEXT NOT NULL,
    -- Why a match is over: finished, forfeit or expired ('' while running).
    ended TEXT NOT NULL,
    -- JSON: the result the lobby shows once over (null before).
    result TEXT NOT NULL,
    -- The address that created the match (for the per-address limit).
    creator TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL,
    -- The match this one is a rematch of ('' when none).
    rematch_of TEXT NOT NULL
);

CREATE INDEX matches_by_status ON matches (status, game);
CREATE INDEX matches_by_creator ON matches (creator, status);
-- One rematch per match, even when two instances are asked at once.
CREATE UNIQUE INDEX matches_one_rematch ON matches (rematch_of) WHERE rematch_of <> '';

CREATE TABLE seats (
    match_id TEXT NOT NULL REFERENCES matches (id),
    seat BIGINT NOT NULL,
    -- 'human' or 'bot'.
    kind TEXT NOT NULL,
    -- The bot spec of a bot seat, or of the bot that took over an absent one.
    bot TEXT NOT NULL,
    -- The player's name ('' while a human seat is free).
    name TEXT NOT NULL,
    -- SHA-256 of the seat token, hex ('' while free); the token itself is
    -- shown once, at join, and stored nowhere.
    token_hash TEXT NOT NULL,
    -- When a socket of this seat was last seen, on any instance.
    seen_ms BIGINT NOT NULL,
    PRIMARY KEY (match_id, seat)
);

-- Every accepted move, written before any seat hears of it. The key makes
-- two server instances unable to both write move N of one match.
CREATE TABLE moves (
    match_id TEXT NOT NULL REFERENCES matches (id),
    n BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    -- The move as the game's JSON action.
    action TEXT NOT NULL,
    -- The session's step count after the move (chance included), checked
    -- when the match is replayed on load.
    steps_after BIGINT NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (match_id, n)
);
