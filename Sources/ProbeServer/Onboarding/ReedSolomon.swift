
/// Reed–Solomon error correction over GF(2⁸) as QR codes use it (ISO/IEC 18004:2015 §7.5.2):
/// the field is built on the primitive polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11D), and the
/// generator of degree n is ∏ (x − αⁱ) for i in 0..<n, α = 2.
enum ReedSolomon {
    /// x⁸ + x⁴ + x³ + x² + 1.
    static let primitivePolynomial = 0x11D

    /// αⁱ for i in 0..<510, doubled so a product's exponent sum needs no modulo.
    static let exponentials: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 510)
        var value = 1
        for index in 0..<255 {
            table[index] = UInt8(value)
            table[index + 255] = UInt8(value)
            value <<= 1
            if value & 0x100 != 0 { value ^= primitivePolynomial }
        }
        return table
    }()

    /// log_α(v) for v in 1...255 (index 0 unused).
    static let logarithms: [Int] = {
        var table = [Int](repeating: 0, count: 256)
        for index in 0..<255 { table[Int(exponentials[index])] = index }
        return table
    }()

    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        if a == 0 || b == 0 { return 0 }
        return exponentials[logarithms[Int(a)] + logarithms[Int(b)]]
    }

    /// The generator's coefficients after the leading 1, highest degree first.
    static func generator(degree: Int) -> [UInt8] {
        var coefficients: [UInt8] = [1]
        for power in 0..<degree {
            var next = coefficients + [0]
            for index in 1..<next.count {
                next[index] ^= multiply(coefficients[index - 1], exponentials[power])
            }
            coefficients = next
        }
        return Array(coefficients.dropFirst())
    }

    /// The remainder of data(x) · xⁿ divided by the generator: the n check codewords.
    static func errorCorrection(for data: [UInt8], count: Int) -> [UInt8] {
        let generator = generator(degree: count)
        var remainder = [UInt8](repeating: 0, count: count)
        for byte in data {
            let factor = byte ^ remainder[0]
            remainder.removeFirst()
            remainder.append(0)
            for index in 0..<count {
                remainder[index] ^= multiply(generator[index], factor)
            }
        }
        return remainder
    }
}
