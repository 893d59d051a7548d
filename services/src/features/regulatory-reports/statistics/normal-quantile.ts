// The standard normal quantile by Wichura's algorithm AS 241 (PPND16, Applied Statistics 37(3), 1988), accurate to
// about 1 part in 10^16: three rational approximations, near the centre, in the body and in the tails. The paper's
// coefficients (20 digits) are written as the doubles they round to.

const polynomial = (coefficients: readonly number[], x: number): number =>
  coefficients.reduceRight((total, coefficient) => total * x + coefficient, 0);

const centre = {
  numerator: [
    3.3871328727963665, 133.14166789178438, 1971.5909503065513, 13731.69376550946, 45921.95393154987, 67265.7709270087,
    33430.57558358813, 2509.0809287301227,
  ],
  denominator: [
    1, 42.31333070160091, 687.1870074920579, 5394.196021424751, 21213.794301586597, 39307.89580009271,
    28729.085735721943, 5226.495278852854,
  ],
};
const body = {
  numerator: [
    1.4234371107496835, 4.630337846156546, 5.769497221460691, 3.6478483247632045, 1.2704582524523684,
    0.2417807251774506, 0.022723844989269184, 0.0007745450142783414,
  ],
  denominator: [
    1, 2.053191626637759, 1.6763848301838038, 0.6897673349851, 0.14810397642748008, 0.015198666563616457,
    0.0005475938084995345, 1.0507500716444169e-9,
  ],
};
const tail = {
  numerator: [
    6.657904643501103, 5.463784911164114, 1.7848265399172913, 0.29656057182850487, 0.026532189526576124,
    0.0012426609473880784, 0.000027115555687434876, 2.0103343992922881e-7,
  ],
  denominator: [
    1, 0.599832206555888, 0.1369298809227358, 0.014875361290850615, 0.0007868691311456133, 0.000018463183175100548,
    1.421511758316446e-7, 2.0442631033899397e-15,
  ],
};

const rational = (part: typeof centre, x: number) => polynomial(part.numerator, x) / polynomial(part.denominator, x);

/** The z such that P(Z ≤ z) = p for a standard normal Z. */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`A normal quantile's p is strictly between 0 and 1, not ${p}`);
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) return q * rational(centre, 0.180625 - q * q);
  const r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
  const z = r <= 5 ? rational(body, r - 1.6) : rational(tail, r - 5);
  return q < 0 ? -z : z;
}

/** The z of a two-sided interval at this confidence: 1.959964 for 0.95. */
export function twoSidedCriticalValue(confidence: number): number {
  if (!(confidence > 0 && confidence < 1)) {
    throw new RangeError(`A confidence is strictly between 0 and 1, not ${confidence}`);
  }
  return normalQuantile(1 - (1 - confidence) / 2);
}
