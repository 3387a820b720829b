/** Spanish texts of the grouped rows of 'Historial de accesos' (identical accesses in a row shown once, with a count). */
export const ACCESS_HISTORY_GROUP_TEXT = {
  times: (n: number) => `×${n}`,
  timesLabel: (n: number) => `${n} veces`,
  show: (n: number) => `Ver los ${n} accesos`,
  hide: (n: number) => `Ocultar los ${n} accesos`,
  entries: (n: number) => `Los ${n} accesos de este grupo`,
  groupedHint:
    'Los accesos iguales seguidos (misma persona, mismo tipo, acción, resultado y origen, con 10 minutos o menos entre uno y otro) se muestran juntos; despliega una fila para ver cada uno. La exportación incluye todos.',
  shown: (from: number, to: number, count: number) => `${from}-${to} de ${count} filas`,
} as const;
