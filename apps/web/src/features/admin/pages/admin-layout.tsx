import { AdminShell } from '../components/admin-shell'

/** The /admin route's element: the gate and frame around every console page (<Outlet />). */
export function AdminLayout() {
  return <AdminShell />
}
