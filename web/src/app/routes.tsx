import type { Profile } from '@letokruh/contracts/auth';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { type Preloadable, preloadable } from '../lib/preloadable';
import { ownWarehousesQuery } from '../lib/reference-queries';

const OverviewsPage = preloadable(() =>
  import('../features/overviews/overviews-page').then((m) => ({ default: m.OverviewsPage })),
);
const CalculationsPage = preloadable(() =>
  import('../features/calculations/calculations-page').then((m) => ({ default: m.CalculationsPage })),
);
const LoginPage = preloadable(() =>
  import('../features/auth/login-page').then((m) => ({ default: m.LoginPage })),
);
const SetPasswordPage = preloadable(() =>
  import('../features/auth/set-password-page').then((m) => ({ default: m.SetPasswordPage })),
);
const LogoutPage = preloadable(() =>
  import('../features/auth/logout-page').then((m) => ({ default: m.LogoutPage })),
);
const DriverDayPage = preloadable(() =>
  import('../features/driver/driver-day-page').then((m) => ({ default: m.DriverDayPage })),
);
const AccountPage = preloadable(() =>
  import('../features/account/account-page').then((m) => ({ default: m.AccountPage })),
);
const UsersPage = preloadable(() =>
  import('../features/users/users-page').then((m) => ({ default: m.UsersPage })),
);
const UserPage = preloadable(() =>
  import('../features/users/user-page').then((m) => ({ default: m.UserPage })),
);
const UserAddPage = preloadable(() =>
  import('../features/users/user-add-page').then((m) => ({ default: m.UserAddPage })),
);
const AuditPage = preloadable(() =>
  import('../features/audit/audit-page').then((m) => ({ default: m.AuditPage })),
);
const BankPaymentsPage = preloadable(() =>
  import('../features/bank/bank-payments-page').then((m) => ({ default: m.BankPaymentsPage })),
);
const SpreadsheetsPage = preloadable(() =>
  import('../features/spreadsheets/spreadsheets-page').then((m) => ({ default: m.SpreadsheetsPage })),
);
const PermissionsPage = preloadable(() =>
  import('../features/permissions/permissions-page').then((m) => ({ default: m.PermissionsPage })),
);

const WarehousesPage = preloadable(() =>
  import('../features/warehouses/warehouses-page').then((m) => ({ default: m.WarehousesPage })),
);
const WarehouseAddPage = preloadable(() =>
  import('../features/warehouses/warehouse-add-page').then((m) => ({ default: m.WarehouseAddPage })),
);
const WarehouseStockPage = preloadable(() =>
  import('../features/warehouses/warehouse-stock-page').then((m) => ({ default: m.WarehouseStockPage })),
);
const WarehouseAddProductPage = preloadable(() =>
  import('../features/warehouses/warehouse-add-product-page').then((m) => ({
    default: m.WarehouseAddProductPage,
  })),
);
const WarehouseEditPage = preloadable(() =>
  import('../features/warehouses/warehouse-edit-page').then((m) => ({ default: m.WarehouseEditPage })),
);
const UpdateStockPage = preloadable(() =>
  import('../features/warehouses/update-stock-page').then((m) => ({ default: m.UpdateStockPage })),
);

const ProductsPage = preloadable(() =>
  import('../features/products/products-page').then((m) => ({ default: m.ProductsPage })),
);
const ProductAddPage = preloadable(() =>
  import('../features/products/product-add-page').then((m) => ({ default: m.ProductAddPage })),
);
const ChangePricePage = preloadable(() =>
  import('../features/products/change-price-page').then((m) => ({ default: m.ChangePricePage })),
);

const CustomersPage = preloadable(() =>
  import('../features/customers/customers-page').then((m) => ({ default: m.CustomersPage })),
);
const CustomerAddPage = preloadable(() =>
  import('../features/customers/customer-add-page').then((m) => ({ default: m.CustomerAddPage })),
);
const CustomerDetailPage = preloadable(() =>
  import('../features/customers/customer-detail-page').then((m) => ({ default: m.CustomerDetailPage })),
);
const CustomerEditPage = preloadable(() =>
  import('../features/customers/customer-edit-page').then((m) => ({ default: m.CustomerEditPage })),
);
const ConversionPage = preloadable(() =>
  import('../features/conversions/conversion-page').then((m) => ({ default: m.ConversionPage })),
);

const WarehouseVacationsPage = preloadable(() =>
  import('../features/vacations/vacations-page').then((m) => ({
    default: m.WarehouseVacationsPage,
  })),
);
const UserVacationsPage = preloadable(() =>
  import('../features/vacations/vacations-page').then((m) => ({ default: m.UserVacationsPage })),
);
const WarehouseVacationAddPage = preloadable(() =>
  import('../features/vacations/vacation-pages').then((m) => ({
    default: m.WarehouseVacationAddPage,
  })),
);
const WarehouseVacationEditPage = preloadable(() =>
  import('../features/vacations/vacation-pages').then((m) => ({
    default: m.WarehouseVacationEditPage,
  })),
);
const UserVacationAddPage = preloadable(() =>
  import('../features/vacations/vacation-pages').then((m) => ({ default: m.UserVacationAddPage })),
);
const UserVacationEditPage = preloadable(() =>
  import('../features/vacations/vacation-pages').then((m) => ({ default: m.UserVacationEditPage })),
);
const ReferenceDataPage = preloadable(() =>
  import('../features/reference-data/reference-data-page').then((m) => ({ default: m.ReferenceDataPage })),
);

const OrdersPage = preloadable(() =>
  import('../features/orders/orders-page').then((m) => ({ default: m.OrdersPage })),
);
const OrderDetailPage = preloadable(() =>
  import('../features/orders/order-detail-page').then((m) => ({ default: m.OrderDetailPage })),
);
const OrderCustomerPage = preloadable(() =>
  import('../features/order-steps/order-customer-page').then((m) => ({ default: m.OrderCustomerPage })),
);
const OrderItemsPage = preloadable(() =>
  import('../features/order-steps/order-items-page').then((m) => ({ default: m.OrderItemsPage })),
);
const OrderInternPage = preloadable(() =>
  import('../features/order-steps/order-intern-page').then((m) => ({ default: m.OrderInternPage })),
);
const OrderCopyPage = preloadable(() =>
  import('../features/order-steps/order-copy-page').then((m) => ({ default: m.OrderCopyPage })),
);

// The week's grid is asked for with the page, not once the page's module runs.
const DashboardPage = preloadable(() =>
  Promise.all([
    import('../features/dashboard/dashboard-page'),
    import('../features/dashboard/week-grid'),
  ]).then(([m]) => ({ default: m.DashboardPage })),
);

const TransportationsPage = preloadable(() =>
  import('../features/transportations/transportations-page').then((m) => ({
    default: m.TransportationsPage,
  })),
);
const TransportationAddPage = preloadable(() =>
  import('../features/transportations/transportation-pages').then((m) => ({
    default: m.TransportationAddPage,
  })),
);
const TransportationEditPage = preloadable(() =>
  import('../features/transportations/transportation-pages').then((m) => ({
    default: m.TransportationEditPage,
  })),
);
const TransportationDetailPage = preloadable(() =>
  import('../features/transportations/transportation-detail-page').then((m) => ({
    default: m.TransportationDetailPage,
  })),
);

export type AppRoute = {
  path: string;
  titleKey: string;
  /** Shown without a session (login, logout); everything else goes through the guard. */
  public?: boolean;
  /** The navigation bar is hidden on login and logout (domain.md §1.2). */
  hideNav?: boolean;
  page?: ComponentType | Preloadable;
  /**
   * What the page asks for first, asked for by the boot as soon as the session is known
   * (`app/boot.ts`), so the page's first render finds it loading or loaded. Settles once asked
   * and answered: the server's drawing of the page waits for it (decision 0103).
   */
  prefetch?: (queryClient: QueryClient, user: Profile) => Promise<unknown>;
};

/** Every route of both spec parts with its title key; areas not built yet show their heading. */
export const appRoutes: AppRoute[] = [
  { path: '/', titleKey: 'titles.login', public: true, hideNav: true, page: LoginPage },
  { path: '/logout', titleKey: 'titles.logout', public: true, hideNav: true, page: LogoutPage },
  // Decision 0089: the page of the link the owner e-mails; no session.
  {
    path: '/set-password',
    titleKey: 'titles.setPassword',
    public: true,
    hideNav: true,
    page: SetPasswordPage,
  },
  {
    path: '/dashboard',
    titleKey: 'titles.dashboard',
    page: DashboardPage,
    prefetch: (queryClient, user) => {
      // The warehouses at once; the week once the page's code (which has its queries) is here.
      const own = queryClient.fetchQuery(ownWarehousesQuery);
      return import('../features/dashboard/prefetch')
        .then((m) => m.prefetchDashboard(queryClient, own, user.permissions.includes('view_order')))
        .catch(() => {});
    },
  },
  {
    path: '/driver',
    titleKey: 'titles.driverDay',
    page: DriverDayPage,
    // The day the page opens on (the signed-in user's own), asked for with the session's answer,
    // not once the page has drawn (decision 0095).
    prefetch: (queryClient) =>
      import('../features/driver/api')
        .then((m) => queryClient.prefetchQuery(m.driverDayQuery({})))
        .catch(() => {}),
  },
  { path: '/orders', titleKey: 'titles.orders', page: OrdersPage },
  { path: '/order/:id', titleKey: 'titles.orderDetail', page: OrderDetailPage },
  { path: '/order/:id/customer', titleKey: 'titles.orderCustomer', page: OrderCustomerPage },
  { path: '/order/:id/items', titleKey: 'titles.orderItems', page: OrderItemsPage },
  { path: '/order/:id/intern', titleKey: 'titles.orderIntern', page: OrderInternPage },
  { path: '/order/:id/copy', titleKey: 'titles.orderCopy', page: OrderCopyPage },
  { path: '/account', titleKey: 'titles.account', page: AccountPage },
  { path: '/users', titleKey: 'titles.users', page: UsersPage },
  { path: '/user/add', titleKey: 'titles.userAdd', page: UserAddPage },
  { path: '/user/:id', titleKey: 'titles.userDetail', page: UserPage },
  { path: '/permissions', titleKey: 'titles.permissions', page: PermissionsPage },
  { path: '/reference-data', titleKey: 'titles.referenceData', page: ReferenceDataPage },
  { path: '/audit', titleKey: 'titles.audit', page: AuditPage },
  { path: '/bank', titleKey: 'titles.bank', page: BankPaymentsPage },
  { path: '/spreadsheets', titleKey: 'titles.spreadsheets', page: SpreadsheetsPage },
  { path: '/warehouses', titleKey: 'titles.warehouses', page: WarehousesPage },
  { path: '/warehouses/add', titleKey: 'titles.warehouseAdd', page: WarehouseAddPage },
  { path: '/warehouse/:id', titleKey: 'titles.warehouseDetail', page: WarehouseStockPage },
  {
    path: '/warehouse/:id/add-product',
    titleKey: 'titles.warehouseAddProduct',
    page: WarehouseAddProductPage,
  },
  { path: '/warehouse/:id/edit', titleKey: 'titles.warehouseEdit', page: WarehouseEditPage },
  { path: '/update-stock/:warehouseId/:productId', titleKey: 'titles.updateStock', page: UpdateStockPage },
  { path: '/customers', titleKey: 'titles.customers', page: CustomersPage },
  { path: '/customer/add', titleKey: 'titles.customerAdd', page: CustomerAddPage },
  { path: '/customer/:id', titleKey: 'titles.customerDetail', page: CustomerDetailPage },
  { path: '/customer/:id/edit', titleKey: 'titles.customerEdit', page: CustomerEditPage },
  { path: '/warehouse/:id/conversion', titleKey: 'titles.warehouseConversion', page: ConversionPage },
  { path: '/products', titleKey: 'titles.products', page: ProductsPage },
  { path: '/product/add', titleKey: 'titles.productAdd', page: ProductAddPage },
  { path: '/product/change-price/:id', titleKey: 'titles.productChangePrice', page: ChangePricePage },
  { path: '/warehouse-vacations', titleKey: 'titles.warehouseVacations', page: WarehouseVacationsPage },
  { path: '/user-vacations', titleKey: 'titles.userVacations', page: UserVacationsPage },
  {
    path: '/warehouse-vacation/add',
    titleKey: 'titles.warehouseVacationAdd',
    page: WarehouseVacationAddPage,
  },
  { path: '/user-vacation/add', titleKey: 'titles.userVacationAdd', page: UserVacationAddPage },
  {
    path: '/warehouse-vacation/:id/edit',
    titleKey: 'titles.warehouseVacationEdit',
    page: WarehouseVacationEditPage,
  },
  { path: '/user-vacation/:id/edit', titleKey: 'titles.userVacationEdit', page: UserVacationEditPage },
  { path: '/overviews', titleKey: 'titles.overviews', page: OverviewsPage },
  { path: '/transportations', titleKey: 'titles.transportations', page: TransportationsPage },
  { path: '/transportation/add', titleKey: 'titles.transportationAdd', page: TransportationAddPage },
  {
    path: '/transportation/:id',
    titleKey: 'titles.transportationDetail',
    page: TransportationDetailPage,
  },
  { path: '/transportation/:id/edit', titleKey: 'titles.transportationEdit', page: TransportationEditPage },
  { path: '/calculations', titleKey: 'titles.calculations', page: CalculationsPage },
];
