import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoreAdminContext } from 'ra-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { patientExport, serving, stubDataProvider } from '../../test/stubDataProvider';
import { MyExportsCard } from './MyExportsCard';

afterEach(() => {
  vi.restoreAllMocks();
});

describe("'Descargar mis datos' in Mi Perfil", () => {
  it("says what the patient's archive holds and asks for the patient's own export", async () => {
    const created = patientExport({ alcance: 'paciente' });
    const getMyExports = serving((call) => (call === 0 ? [] : [created]));
    const requestMyExport = vi.fn(() => Promise.resolve(created));
    const user = userEvent.setup();
    render(
      <CoreAdminContext dataProvider={stubDataProvider({ getMyExports, requestMyExport })}>
        <MyExportsCard />
      </CoreAdminContext>,
    );
    const card = screen.getByRole('region', { name: 'Descargar mis datos' });
    expect(await within(card).findByText('Todavía no has solicitado ninguna exportación.')).toBeInTheDocument();
    expect(
      within(card).getByText(
        /tus datos, tus sesiones tal como las ves, tus ejercicios y progreso, tus consentimientos, quién ha accedido a tus datos y tus archivos/,
      ),
    ).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Solicitar exportación' }));
    expect(requestMyExport).toHaveBeenCalledTimes(1);
    expect(await within(card).findByText('En cola')).toBeInTheDocument();
  });
});
