//! The operation vectors V-1 to V-46 (§14 W-1) and the identities every
//! width must satisfy.

use moon_core::{BinaryOp, Operation, Reg, UnaryOp, bits, parse_bits};
use proptest::prelude::*;

fn b(text: &str) -> u8 {
    parse_bits(text).unwrap().0
}

/// `OP r`: the register's new value.
fn un(op: UnaryOp, x: &str) -> String {
    let (v, n) = parse_bits(x).unwrap();
    bits(op.eval(v, n), n)
}

/// `OP A,C` with A = a, C = c: A's new value, checking that C is unchanged.
fn bin(op: BinaryOp, a: &str, c: &str) -> String {
    let (av, n) = parse_bits(a).unwrap();
    let mut regs = [av, 0, b(c), 0];
    Operation::Binary {
        op,
        dst: Reg::A,
        src: Reg::C,
    }
    .apply(&mut regs, None, n);
    if op != BinaryOp::Xchg {
        assert_eq!(regs[2], b(c), "C is unchanged");
    }
    bits(regs[0], n)
}

/// `OP A,A`.
fn same(op: BinaryOp, a: &str) -> String {
    let (av, n) = parse_bits(a).unwrap();
    let mut regs = [av, 0, 0, 0];
    Operation::Binary {
        op,
        dst: Reg::A,
        src: Reg::A,
    }
    .apply(&mut regs, None, n);
    bits(regs[0], n)
}

#[test]
fn w1_vectors_v1_to_v23() {
    use BinaryOp as B;
    use UnaryOp as U;
    assert_eq!(un(U::Rol, "0101"), "1010", "V-1");
    assert_eq!(un(U::Rol, "1100"), "1001", "V-2");
    assert_eq!(un(U::Ror, "0110"), "0011", "V-3");
    assert_eq!(un(U::Ror, "0111"), "1011", "V-4");
    assert_eq!(bin(B::Or, "0001", "0110"), "0111", "V-5");
    assert_eq!(bin(B::And, "1101", "0110"), "0100", "V-6");
    assert_eq!(bin(B::Xor, "0101", "1110"), "1011", "V-7");
    assert_eq!(un(U::Inc, "1111"), "0000", "V-8");
    assert_eq!(un(U::Inc, "0111"), "1000", "V-9");
    assert_eq!(un(U::Dec, "0000"), "1111", "V-10");
    assert_eq!(un(U::Dec, "0001"), "0000", "V-11");
    assert_eq!(bin(B::Add, "0100", "0110"), "1010", "V-12");
    assert_eq!(bin(B::Add, "1100", "0110"), "0010", "V-13");
    assert_eq!(bin(B::Add, "1101", "1000"), "0101", "V-14");
    assert_eq!(bin(B::Add, "0101", "1010"), "1111", "V-15");
    assert_eq!(bin(B::Sub, "0110", "0100"), "0010", "V-16");
    assert_eq!(bin(B::Sub, "0100", "0110"), "1110", "V-17");
    assert_eq!(un(U::Shl, "1011"), "0110", "V-18");
    assert_eq!(un(U::Shr, "1011"), "0101", "V-19");
    assert_eq!(un(U::Not, "0110"), "1001", "V-20");
    assert_eq!(bin(B::Nor, "1010", "0110"), "0001", "V-21");
    assert_eq!(bin(B::Nand, "1100", "1010"), "0111", "V-22");
    assert_eq!(bin(B::Xnor, "1100", "1010"), "1001", "V-23");
}

#[test]
fn w1_vectors_v24_to_v46() {
    use BinaryOp as B;
    use UnaryOp as U;
    let mut regs = [b("0011"), b("1100"), 0, 0];
    Operation::Binary {
        op: B::Xchg,
        dst: Reg::A,
        src: Reg::B,
    }
    .apply(&mut regs, None, 4);
    assert_eq!(
        (bits(regs[0], 4), bits(regs[1], 4)),
        ("1100".into(), "0011".into()),
        "V-24"
    );
    assert_eq!(same(B::Xor, "1011"), "0000", "V-25");
    assert_eq!(un(U::Rol, "10010"), "00101", "V-26");
    assert_eq!(un(U::Ror, "00001"), "10000", "V-27");
    assert_eq!(un(U::Not, "10110"), "01001", "V-28");
    assert_eq!(un(U::Inc, "11111"), "00000", "V-29");
    assert_eq!(bin(B::Add, "11000", "01001"), "00001", "V-30");
    assert_eq!(bin(B::Sub, "00011", "00101"), "11110", "V-31");
    assert_eq!(un(U::Shl, "11001"), "10010", "V-32");
    assert_eq!(un(U::Rol, "100000"), "000001", "V-33");
    assert_eq!(un(U::Ror, "000011"), "100001", "V-34");
    assert_eq!(un(U::Not, "000000"), "111111", "V-35");
    assert_eq!(un(U::Dec, "000000"), "111111", "V-36");
    assert_eq!(bin(B::Xnor, "101010", "110011"), "100110", "V-37");
    assert_eq!(bin(B::Nand, "111111", "000111"), "111000", "V-38");
    assert_eq!(bin(B::Sub, "000001", "000010"), "111111", "V-39");
    assert_eq!(un(U::Shr, "100001"), "010000", "V-40");
    assert_eq!(un(U::Rol, "10000001"), "00000011", "V-41");
    let mut regs = [b("1010"), 0, b("0101"), 0];
    "MOV A,C"
        .parse::<Operation>()
        .unwrap()
        .apply(&mut regs, None, 4);
    assert_eq!(
        (bits(regs[0], 4), bits(regs[2], 4)),
        ("0101".into(), "0101".into()),
        "V-42"
    );
    assert_eq!(same(B::Add, "0110"), "1100", "V-43");
    assert_eq!(same(B::Nor, "0101"), "1010", "V-44");
    assert_eq!(same(B::Sub, "1001"), "0000", "V-45");
    assert_eq!(same(B::Xnor, "10101"), "11111", "V-46");
}

#[test]
fn m14_same_register_operations() {
    // OR r,r and AND r,r keep r; NAND r,r is NOT r; MOV r,r changes nothing.
    assert_eq!(same(BinaryOp::Or, "1010"), "1010");
    assert_eq!(same(BinaryOp::And, "1010"), "1010");
    assert_eq!(same(BinaryOp::Nand, "1010"), "0101");
    assert_eq!(same(BinaryOp::Xchg, "1010"), "1010");
}

proptest! {
    #[test]
    fn w1_identities_hold_at_every_width(width in 4u8..=8, raw in any::<u8>()) {
        let v = raw & moon_core::mask(width);
        let m = moon_core::mask(width);
        prop_assert_eq!(UnaryOp::Ror.eval(UnaryOp::Rol.eval(v, width), width), v);
        prop_assert_eq!(UnaryOp::Rol.eval(UnaryOp::Ror.eval(v, width), width), v);
        prop_assert_eq!(BinaryOp::Xor.eval(v, v, width).0, 0);
        prop_assert_eq!(BinaryOp::Sub.eval(v, v, width).0, 0);
        prop_assert_eq!(BinaryOp::Xnor.eval(v, v, width).0, m);
        prop_assert_eq!(BinaryOp::Nor.eval(v, v, width).0, UnaryOp::Not.eval(v, width));
        prop_assert_eq!(BinaryOp::Add.eval(v, v, width).0, UnaryOp::Shl.eval(v, width));
        for op in UnaryOp::ALL {
            prop_assert!(op.eval(v, width) <= m);
        }
    }
}
