/** The word mark «Витрина» (brand.md): bold, tight letter-spacing, ink on paper. */
export function WordMark({ height = 24 }: { height?: number }) {
  return (
    <svg height={height} viewBox="0 0 118 28" role="img" aria-label="Витрина" style={{ display: 'block' }}>
      <text
        x="0"
        y="22"
        fill="#111111"
        fontFamily="'Inter Variable', 'Inter Fallback', Inter, system-ui, sans-serif"
        fontWeight="800"
        fontSize="26"
        letterSpacing="-1.2"
      >
        Витрина
      </text>
    </svg>
  );
}
