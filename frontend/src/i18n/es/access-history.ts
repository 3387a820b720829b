/** Spanish texts of the grouped rows of 'Historial de accesos' (one visit of one person shown once, with its count). */
export const ACCESS_HISTORY_GROUP_TEXT = {
  times: (n: number) => `×${n}`,
  timesLabel: (n: number) => `${n} veces`,
  show: (n: number) => `Ver los ${n} accesos`,
  hide: (n: number) => `Ocultar los ${n} accesos`,
  entries: (n: number) => `Los ${n} accesos de esta visita`,
  visit: (n: number) => `Visita · ${n} accesos`,
  contents: (items: { what: string; times: number }[]) => items.map((i) => (i.times > 1 ? `${i.what} (${i.times})` : i.what)).join('; '),
  failures: (n: number, status: number) => `${n} ${n === 1 ? 'fallido' : 'fallidos'} (${status})`,
  groupedHint:
    'Cada fila es una visita: los accesos seguidos de una misma persona desde el mismo navegador y dirección, con 10 minutos o menos entre uno y otro; despliégala para ver qué leyó e hizo. La exportación incluye todos.',
  shown: (from: number, to: number, count: number) => `${from}-${to} de ${count} filas`,
} as const;
