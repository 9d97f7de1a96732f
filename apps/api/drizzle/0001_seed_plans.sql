-- Plan catalogue: one source for the landing page, /precios and the sign-up cards.
-- CLP prices are those shown on the sign-up cards (see docs/decisions/003-plan-prices.md).
INSERT INTO "plans" ("key", "title", "description", "benefits", "price_usd", "price_clp", "period", "client_limit", "target", "popular", "purchasable", "sort_order") VALUES
('starter', 'Starter', 'Para entrenadores que están comenzando a digitalizar su negocio.',
 '["Hasta 5 clientes activos","Cobros recurrentes automáticos con tarjeta","Rutinas y seguimiento de progreso","App móvil para ti y tus clientes","Agenda y reservas en línea","Soporte por e-mail"]'::jsonb,
 20, 19000, 'month', 5, 'Entrenadores independientes', true, true, 1),
('growth', 'Growth', 'Para entrenadores con una cartera de clientes en crecimiento.',
 '["Hasta 20 clientes activos","Todo lo del plan Starter","Planes de nutrición","Métricas de negocio","Recordatorios automáticos a clientes","Soporte prioritario"]'::jsonb,
 50, 48000, 'month', 20, 'Entrenadores en crecimiento', false, false, 2),
('pro', 'Pro', 'Para entrenadores consolidados que quieren escalar.',
 '["Hasta 50 clientes activos","Todo lo del plan Growth","Marca personalizada en la app","Reportes avanzados","Integraciones con otras herramientas","Soporte 24/7"]'::jsonb,
 80, 75000, 'month', 50, 'Entrenadores consolidados', false, false, 3),
('business', 'Business', 'Para gimnasios y centros con varios entrenadores. Precio según acuerdo.',
 '["Entrenadores y clientes ilimitados según acuerdo","Gestión de entrenadores y comisiones","Facturación central","Métricas del gimnasio","Instalaciones y horarios","Ejecutivo de cuenta dedicado"]'::jsonb,
 NULL, NULL, 'month', NULL, 'Gimnasios y centros deportivos', false, false, 4)
ON CONFLICT ("key") DO NOTHING;
